// Two real API processes (the built `node dist/main.js`, test/support/built-server.ts) on one PostgreSQL schema and one Redis,
// as production runs several behind a proxy: a rate limit counts requests to both once, a session
// made on one works (and ends) on the other, and each job runs on exactly one of them — also after
// the leader's lock connection is killed, when the other one takes over and the first stops.
// Needs TEST_DATABASE_URL and Redis (TEST_REDIS_URL or 127.0.0.1:6379); skips saying why otherwise.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type AnvilHandle, startAnvil } from '@free/devchain/anvil';
import { ErrorCode } from '@free/protocol';
import { signRequest } from '@free/protocol/signing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOCAL_CLIENT_SECRET, SERVER_ROOT } from '../src/config.ts';
import { type DbHandle, rowsOf } from '../src/db/client.ts';
import { lockHolder } from '../src/jobs/leader.ts';
import { SESSION_CACHE_MS } from '../src/services/session-cache.ts';
import { account, BASE_HEADERS, siweMessage } from './helpers.ts';
import { dropKeys, probeRedis, uniquePrefix } from './redis.ts';
import { builtEntry } from './support/built-server.ts';
import { openTestDb } from './support/test-db.ts';

const dbUrl = process.env.TEST_DATABASE_URL;
if (!dbUrl) console.warn('two API processes: skipped, TEST_DATABASE_URL is not set');
const redisUrl = dbUrl ? await probeRedis('two API processes') : null;
const enabled = Boolean(dbUrl && redisUrl);

/** The jobs a process without a deployment file runs (indexer, payout and rounds need one). */
const JOBS = { quotes: 'free:quotes', hlb: 'free:hlb', settlement: 'free:settlement' } as const;
type JobName = keyof typeof JOBS;

type LogLine = { msg?: string; job?: string };
type Api = { child: ChildProcess; url: string; logs: LogLine[]; exited: Promise<void> };

const schema = `t_multi_${randomBytes(5).toString('hex')}`;
const keyPrefix = uniquePrefix('multi');
let h: DbHandle;
// the API asks the RPC which chain it serves: a local chain of the test's own
let anvil: AnvilHandle;
let a: Api;
let b: Api;

/** DATABASE_URL that puts every connection of the process in the test's schema. */
function schemaUrl(url: string, name: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${name}`);
  return u.toString();
}

async function startApi(label: string): Promise<Api> {
  const child = spawn(process.execPath, [await builtEntry('main')], {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: schemaUrl(dbUrl as string, schema),
      RPC_URL: anvil.rpcUrl,
      REDIS_URL: redisUrl as string,
      REDIS_KEY_PREFIX: keyPrefix,
      DEPLOYMENT_FILE: '/nonexistent/deployment.json',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  let err = '';
  let buffered = '';
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = await new Promise<string>((ok, fail) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const listening = /FREE API listening on (http:\/\/\S+)/.exec(line);
        if (listening?.[1]) ok(listening[1]);
        if (line.startsWith('{')) logs.push(JSON.parse(line) as LogLine);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('exit', (code) => fail(new Error(`API ${label} exited (${code}): ${err}`)));
  });
  return { child, url, logs, exited };
}

async function stopApi(api: Api | undefined) {
  if (!api || api.child.exitCode !== null) return;
  api.child.kill('SIGTERM');
  await api.exited;
}

beforeAll(async () => {
  if (!enabled) return;
  // migrated once here: the two processes then start on a ready schema
  h = await openTestDb(dbUrl as string, { schema, poolSize: 3 });
  anvil = await startAnvil({ port: 0, stateFile: null, reuse: false });
  [a, b] = await Promise.all([startApi('A'), startApi('B')]);
}, 120_000);

afterAll(async () => {
  await Promise.all([stopApi(a), stopApi(b)]);
  await anvil?.stop();
  await h?.close();
  if (redisUrl) await dropKeys(redisUrl, keyPrefix);
});

async function call(
  api: Api,
  method: 'GET' | 'POST',
  path: string,
  opts: { token?: string; body?: unknown } = {},
) {
  const headers: Record<string, string> = { ...BASE_HEADERS };
  if (opts.token) {
    const times = String(Date.now());
    Object.assign(headers, {
      authorization: `Bearer ${opts.token}`,
      times,
      sign: signRequest(LOCAL_CLIENT_SECRET, opts.token, times),
    });
  }
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers,
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const body = (await res.json()) as { code: number; data: Record<string, unknown> };
  return {
    code: body.code,
    data: body.data,
    limit: res.headers.get('x-ratelimit-limit'),
    remaining: res.headers.get('x-ratelimit-remaining'),
  };
}

/** Nonce from one process, login on the other: the session lives in the shared database. */
async function signInAcross(from: Api, to: Api, label: string): Promise<string> {
  const user = account(label);
  const nonce = await call(from, 'GET', `/api/common/nonce?address=${user.address}`);
  expect(nonce.code).toBe(200);
  const message = siweMessage(user, nonce.data.nonce as string, new Date());
  const login = await call(to, 'POST', '/api/common/login', {
    body: { message, signature: await user.signMessage({ message }) },
  });
  expect(login.code).toBe(200);
  return login.data.token as string;
}

async function until(done: () => boolean | Promise<boolean>, what: string, ms = 30_000) {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

const said = (api: Api, msg: string, job: JobName) => api.logs.some((l) => l.msg === msg && l.job === job);

it.runIf(enabled)('a session made on one process works and ends on the other', async () => {
  const token = await signInAcross(a, b, 'multi-session');
  expect((await call(a, 'GET', '/api/user', { token })).code).toBe(200);
  expect((await call(b, 'GET', '/api/user', { token })).code).toBe(200);
  expect((await call(b, 'POST', '/api/user/logout', { token })).data).toEqual({ revoked: true });
  expect((await call(b, 'GET', '/api/user', { token })).code).toBe(ErrorCode.Unauthorized);
  // the other process may answer from its session cache for at most SESSION_CACHE_MS
  const loggedOut = performance.now();
  await until(
    async () => (await call(a, 'GET', '/api/user', { token })).code === ErrorCode.Unauthorized,
    'the logout to reach the other process',
    10_000,
  );
  expect(performance.now() - loggedOut).toBeLessThan(SESSION_CACHE_MS + 1_000);
});

it.runIf(enabled)(
  'counts the per-address limit once across the two processes',
  async () => {
    const token = await signInAcross(b, a, 'multi-busy');
    // 240 a minute per address: 120 to each process pass, the next one is refused on either
    const codes: number[] = [];
    for (let i = 0; i < 240; i++)
      codes.push((await call(i % 2 ? b : a, 'GET', '/api/user/fire', { token })).code);
    expect(codes.every((c) => c === 200)).toBe(true);
    const refused = await call(b, 'GET', '/api/user/fire', { token });
    expect(refused.code).toBe(ErrorCode.TooManyRequests);
    // the answer carries the counters of the per-address limit, which refused it (per IP: 600)
    expect(refused.limit).toBe('240');
    expect(refused.remaining).toBe('0');
  },
  120_000,
);

it.runIf(enabled)(
  'counts the per-IP limit once across the two processes',
  async () => {
    const sent = { a: 0, b: 0 };
    let last = Number.POSITIVE_INFINITY;
    let refused = false;
    for (let i = 0; i < 1_300 && !refused; i++) {
      const api = i % 2 ? b : a;
      sent[api === a ? 'a' : 'b']++;
      const r = await call(api, 'GET', '/api/common/config');
      if (r.code === ErrorCode.TooManyRequests) {
        refused = true;
        expect(last).toBe(0); // refused exactly when the shared budget was spent
      } else {
        expect(r.code).toBe(200);
        // one counter: every answer, from either process, has one request less left
        const remaining = Number(r.remaining);
        if (remaining > last) {
          // a slow machine passed the end of the minute: count the new window from here
          sent.a = api === a ? 1 : 0;
          sent.b = api === b ? 1 : 0;
        } else if (last !== Number.POSITIVE_INFINITY) {
          expect(remaining).toBe(last - 1);
        }
        last = remaining;
      }
    }
    expect(refused).toBe(true);
    // neither process alone saw its 600 requests, yet the limit was reached
    expect(sent.a).toBeLessThan(600);
    expect(sent.b).toBeLessThan(600);
  },
  180_000,
);

it.runIf(enabled)(
  'runs each job on exactly one process, and moves it when the lock connection dies',
  async () => {
    const jobs = Object.keys(JOBS) as JobName[];
    await until(
      () => jobs.every((j) => said(a, 'jobs: leading', j) || said(b, 'jobs: leading', j)),
      'every job led',
    );
    for (const job of jobs) {
      // one leader per job, and the lock in the database is held by that process's connection
      expect(said(a, 'jobs: leading', job) !== said(b, 'jobs: leading', job)).toBe(true);
      const leader = said(a, 'jobs: leading', job) ? a : b;
      const holder = await lockHolder(h, JOBS[job]);
      const [session] = rowsOf<{ application_name: string }>(
        await h.db.execute(sql`SELECT application_name FROM pg_stat_activity WHERE pid = ${holder}`),
      );
      expect(session?.application_name).toContain(`free-job ${leader.child.pid} `);
    }

    const job: JobName = 'hlb';
    const first = said(a, 'jobs: leading', job) ? a : b;
    const second = first === a ? b : a;
    const killed = (await lockHolder(h, JOBS[job])) as number;
    await h.db.execute(sql`SELECT pg_terminate_backend(${killed})`);
    await until(() => said(first, 'jobs: leadership lost', job), 'the leader noticing');
    await until(() => said(second, 'jobs: leading', job), 'the other process taking over');
    const holder = await lockHolder(h, JOBS[job]);
    expect(holder).not.toBe(killed);
    const [session] = rowsOf<{ application_name: string }>(
      await h.db.execute(sql`SELECT application_name FROM pg_stat_activity WHERE pid = ${holder}`),
    );
    expect(session?.application_name).toContain(`free-job ${second.child.pid} `);
    // the first one did not lead it again
    expect(first.logs.filter((l) => l.msg === 'jobs: leading' && l.job === job)).toHaveLength(1);
  },
  120_000,
);
