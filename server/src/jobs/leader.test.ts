// Job leadership on PostgreSQL when the leader's lock connection dies: the leader stops at once
// (a step in flight is refused its next write), another process takes over, and the two never
// write at the same time. PostgreSQL only (PGlite is one process with one connection).
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers.ts';
import { openTestDb } from '../../test/support/test-db.ts';
import { type DbHandle, rows } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import { lockHolder } from './leader.ts';
import type { JobRun, Jobs } from './loop.ts';
import { runLoop } from './loop.ts';

const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn('job leadership: skipped, TEST_DATABASE_URL is not set');
let h: DbHandle;
let loops: Jobs[] = [];

beforeAll(async () => {
  if (!url) return;
  h = await openTestDb(url);
  await h.db.execute(sql`CREATE TABLE job_probe (n serial PRIMARY KEY, runner text NOT NULL)`);
});
afterEach(async () => {
  await Promise.all(loops.map((l) => l.stop()));
  loops = [];
  await h?.db.execute(sql`TRUNCATE job_probe`);
});
afterAll(async () => {
  await h?.close();
});

/** A "process": its own leader loop on the shared database, with its log lines kept. */
function processLoop(key: string, step: (run: JobRun) => Promise<unknown>) {
  const lines: string[] = [];
  const log: Logger = {
    info: (_o, msg) => lines.push(msg ?? ''),
    warn: (_o, msg) => lines.push(msg ?? ''),
    error: (_o, msg) => lines.push(msg ?? ''),
  };
  const config = testConfig({ databaseUrl: url });
  loops.push(runLoop({ config, db: h, log, leaderCheckMs: 100 }, 'probe', key, 20, step));
  return lines;
}

const write = (runner: string) => async (run: JobRun) =>
  run.db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO job_probe (runner) VALUES (${runner})`);
  });

const runs = async (runner: string) =>
  Number(
    (
      await rows<{ c: number }>(h.db, sql`SELECT count(*)::int AS c FROM job_probe WHERE runner = ${runner}`)
    )[0]?.c,
  );

/** Polls until `done` holds; the bound (a minute) only ends a hung test, a busy machine just waits. */
async function until(done: () => Promise<boolean> | boolean, what: string) {
  for (const end = performance.now() + 60_000; performance.now() < end; ) {
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`gave up waiting for ${what}`);
}

const kill = (pid: number) => h.db.execute(sql`SELECT pg_terminate_backend(${pid})`);

it.runIf(url)('a killed lock connection stops the leader and another process takes over', async () => {
  const key = `free:test:leader:${Math.random()}`;
  const aLog = processLoop(key, write('A'));
  await until(async () => (await runs('A')) >= 3, 'A leading');
  const first = await lockHolder(h, key);
  expect(first).not.toBeNull();

  processLoop(key, write('B'));
  // B keeps trying (every 20 ms, as often as A runs) while A holds the lock: it never runs. Counted
  // in A's runs, not in milliseconds: on a busy machine both loops slow down alike
  const aBefore = await runs('A');
  await until(async () => (await runs('A')) >= aBefore + 10, 'A running on');
  expect(await runs('B')).toBe(0);

  // A, having lost its lock, waits before asking again so that B takes over; on a very busy
  // machine B's new lock connection can still be slower than that wait and A leads again: then
  // its lock is killed again (what is proven is that B can take over, and then A never writes)
  let holder = first as number;
  for (let attempt = 0; ; attempt++) {
    const aAt = await runs('A');
    await kill(holder);
    let retaken = false;
    await until(async () => {
      if ((await runs('B')) >= 3) return true;
      retaken = (await runs('A')) >= aAt + 3;
      return retaken;
    }, 'B taking over');
    if (!retaken) break;
    if (attempt === 4) throw new Error('A took its lock back five times in a row');
    holder = (await lockHolder(h, key)) as number;
  }
  expect(aLog).toContain('jobs: leadership lost');
  const aAfter = await runs('A');
  const bNow = await runs('B');
  await until(async () => (await runs('B')) >= bNow + 10, 'B running on');
  expect(await runs('A')).toBe(aAfter); // A stopped for good
  const now = await lockHolder(h, key);
  expect(now).not.toBeNull();
  expect(now).not.toBe(holder);
  // never both at once: every write of A comes before the first of B
  const [order] = await rows<{ last_a: number; first_b: number }>(
    h.db,
    sql`SELECT max(n) FILTER (WHERE runner = 'A') AS last_a, min(n) FILTER (WHERE runner = 'B') AS first_b FROM job_probe`,
  );
  expect(Number(order?.last_a)).toBeLessThan(Number(order?.first_b));
});

it.runIf(url)('a step in flight is refused its next write once the lock connection dies', async () => {
  const key = `free:test:leader:${Math.random()}`;
  let open: () => void = () => {};
  const gate = new Promise<void>((r) => {
    open = r;
  });
  let started = false;
  const lines = processLoop(key, async (run) => {
    if (started) return;
    started = true;
    await run.db.db.execute(sql`INSERT INTO job_probe (runner) VALUES ('before')`);
    await gate; // a long step: the lock connection dies meanwhile
    await run.db.db.execute(sql`INSERT INTO job_probe (runner) VALUES ('after')`);
  });
  await until(async () => (await runs('before')) === 1, 'the step started');
  await kill((await lockHolder(h, key)) as number);
  await until(() => lines.includes('jobs: leadership lost'), 'the loss noticed');
  open();
  await until(() => lines.includes('jobs: step stopped; leadership lost'), 'the step stopped');
  expect(await runs('after')).toBe(0);
});
