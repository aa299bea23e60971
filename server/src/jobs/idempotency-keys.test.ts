// Idempotency keys are kept IDEMPOTENCY_KEY_TTL_MS (24 h, docs/api.md "Request headers"): a retry
// inside the window gets the first answer; a key older than that is forgotten — the leader-run job
// deletes it, and the same key used again is a new request, done again.
import { until } from '@free/devchain/wait';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND, openTestDb, setModules, testConfig } from '../../test/helpers.ts';
import { createUsers } from '../../test/support/test-db.ts';
import { type DbHandle, rows } from '../db/client.ts';
import { answerCommand, type Command } from '../services/command.ts';
import { deleteExpiredIdempotencyKeys, IDEMPOTENCY_KEY_TTL_MS } from '../services/idempotency.ts';
import { seedSettings } from '../services/settings.ts';
import { startIdempotencyKeysJob } from './idempotency-keys.ts';

describe.each(BACKEND)('idempotency keys kept 24 hours on $name', ({ url }) => {
  let db: DbHandle;
  let userId: number;
  beforeAll(async () => {
    db = await openTestDb(url);
    await seedSettings(db.db);
    [userId] = (await createUsers(db, 1)) as [number];
    await setModules(db.db, { withdraw: true });
  });
  afterAll(async () => db?.close());

  let runs = 0;
  const command = (key: string): Command<string, number> => ({
    module: 'withdraw',
    userId,
    route: 'test/ttl',
    idempotencyKey: key,
    parse: () => '5',
    content: (v) => ({ v }),
    run: async () => {
      runs += 1;
      return runs;
    },
  });
  const send = (key: string) => answerCommand(db, command(key), (n) => `{"run":${n}}`);
  /** Makes the key look `hours` old. */
  const age = (key: string, hours: number) =>
    db.db.execute(
      sql`UPDATE idempotency_keys SET created_at = now() - make_interval(mins => ${Math.round(hours * 60)}) WHERE key = ${key}`,
    );
  const keys = async () =>
    (await rows<{ key: string }>(db.db, sql`SELECT key FROM idempotency_keys ORDER BY key`)).map(
      (r) => r.key,
    );

  it('states a window of 24 hours', () => {
    expect(IDEMPOTENCY_KEY_TTL_MS).toBe(24 * 3_600_000);
  });

  it('replays a key used 23 hours ago, and does the work again for one used 25 hours ago', async () => {
    const young = await send('ttl-young');
    const old = await send('ttl-old');
    await age('ttl-young', 23);
    await age('ttl-old', 25);
    const before = runs;
    expect(await send('ttl-young')).toBe(young);
    // the job has not run yet: the outdated key is still stored, and still forgotten
    const again = await send('ttl-old');
    expect(again).not.toBe(old);
    expect(runs).toBe(before + 1);
    // the key now holds the new answer, replayed as any other
    expect(await send('ttl-old')).toBe(again);
  });

  it('deletes only keys older than the window', async () => {
    await send('del-young');
    await send('del-old');
    await age('del-young', 23);
    await age('del-old', 24.1);
    expect(await deleteExpiredIdempotencyKeys(db.db, 1000)).toBeGreaterThanOrEqual(1);
    expect(await keys()).toContain('del-young');
    expect(await keys()).not.toContain('del-old');
  });

  it('runs as a leader-run job that deletes outdated keys in batches', async () => {
    for (const k of ['job-1', 'job-2', 'job-3']) {
      await send(k);
      await age(k, 48);
    }
    await send('job-young');
    const config = testConfig({ databaseUrl: url === 'memory://' ? undefined : url });
    const job = startIdempotencyKeysJob({ config, db, intervalMs: 50, batch: 2 });
    try {
      await until(
        'outdated keys deleted',
        async () => !(await keys()).some((k) => /^job-\d$/.test(k)),
        20_000,
        50,
      );
      expect(await keys()).toContain('job-young');
    } finally {
      await job.stop();
    }
  });
});
