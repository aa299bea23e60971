// Rate limits shared by several API processes through Redis (REDIS_URL): two apps on one Redis
// count every request once; without Redis each counts its own; while Redis cannot be reached or
// stops answering, each process counts on its own again (one warning), never not at all. The shared
// cases need Redis (TEST_REDIS_URL or 127.0.0.1:6379), else skip; the outage cases start their own.
import { Writable } from 'node:stream';
import { ErrorCode } from '@free/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { account, authHeaders, BASE_HEADERS, openTestDb, signIn, type TestCtx } from './helpers.ts';
import { dropKeys, hasRedisServer, type OwnRedis, probeRedis, startOwnRedis, uniquePrefix } from './redis.ts';
import { type TwoApps, twoApps } from './support/two-apps.ts';

const redisUrl = await probeRedis('shared rate limits');
const prefix = uniquePrefix('rl');
let db: DbHandle;
let pairs: TwoApps[] = [];

beforeAll(async () => {
  db = await openTestDb('memory://');
});
afterEach(async () => {
  for (const p of pairs) await p.close();
  pairs = [];
});
afterAll(async () => {
  await db.close();
  if (redisUrl) await dropKeys(redisUrl, prefix);
});

/** Two API processes on the file's database, closed after the test. */
async function processes(
  rateLimit: { perIp: number; perAddress: number },
  config: { redisUrl?: string; redisKeyPrefix?: string },
  logger?: Record<string, unknown>,
): Promise<[TestCtx, TestCtx]> {
  const p = await twoApps('memory://', { db, rateLimit, config, ...(logger ? { logger } : {}) });
  pairs.push(p);
  return [p.a, p.b];
}

const configCode = async (t: TestCtx) =>
  (await t.app.inject({ method: 'GET', url: '/api/common/config', headers: BASE_HEADERS })).json().code;

describe.runIf(redisUrl)('rate limits through Redis', () => {
  it('counts requests per IP once across two processes', async () => {
    const [a, b] = await processes(
      { perIp: 3, perAddress: 1000 },
      { redisUrl: redisUrl as string, redisKeyPrefix: `${prefix}ip:` },
    );
    const codes = [await configCode(a), await configCode(b), await configCode(a), await configCode(b)];
    expect(codes).toEqual([200, 200, 200, ErrorCode.TooManyRequests]);
    expect(await configCode(a)).toBe(ErrorCode.TooManyRequests);
  });

  it('counts requests per signed-in address once across two processes', async () => {
    const [a, b] = await processes(
      { perIp: 1000, perAddress: 3 },
      { redisUrl: redisUrl as string, redisKeyPrefix: `${prefix}addr:` },
    );
    const { token } = await signIn(a, account('shared-busy'));
    const fire = async (t: TestCtx, tok: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/user/fire', headers: authHeaders(t, tok) })).json()
        .code;
    const codes = [await fire(a, token), await fire(b, token), await fire(b, token), await fire(a, token)];
    expect(codes).toEqual([200, 200, 200, ErrorCode.TooManyRequests]);
    const other = await signIn(b, account('shared-calm'));
    expect(await fire(a, other.token)).toBe(200);
  });
});

/** A logger writing into `lines`, to count what the app said. */
function capture(lines: string[]) {
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { stream, level: 'info' };
}
const FALLBACK = 'rate limits: Redis does not answer';
const BACK = 'rate limits: Redis answers again';
const said = (lines: string[], text: string) => lines.filter((l) => l.includes(text)).length;
const fire = async (t: TestCtx, token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/user/fire', headers: authHeaders(t, token) })).json().code;

describe('rate limits while Redis cannot be reached', () => {
  it('counts in each process, with one warning each, and keeps answering', async () => {
    const lines: string[] = [];
    // nothing listens on port 1: every check fails at once
    const [a, b] = await processes(
      { perIp: 2, perAddress: 1000 },
      { redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix: `${prefix}down:` },
      capture(lines),
    );
    const codes = [await configCode(a), await configCode(a), await configCode(a)];
    expect(codes).toEqual([200, 200, ErrorCode.TooManyRequests]);
    // the other process has counters of its own
    expect([await configCode(b), await configCode(b), await configCode(b)]).toEqual([
      200,
      200,
      ErrorCode.TooManyRequests,
    ]);
    expect(said(lines, FALLBACK)).toBe(2); // one per process, not one per request
  });

  it('limits per signed-in address too', async () => {
    const [a] = await processes(
      { perIp: 1000, perAddress: 2 },
      { redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix: `${prefix}down-addr:` },
    );
    const { token } = await signIn(a, account('fallback-busy'));
    expect([await fire(a, token), await fire(a, token), await fire(a, token)]).toEqual([
      200,
      200,
      ErrorCode.TooManyRequests,
    ]);
  });
});

describe.runIf(hasRedisServer)('rate limits when Redis stops answering', () => {
  let own: OwnRedis | undefined;
  afterEach(async () => {
    await own?.stop();
    own = undefined;
  });

  it('counts in the process while Redis is silent, says so once, and shares again when it is back', async () => {
    own = await startOwnRedis();
    const lines: string[] = [];
    const [a, b] = await processes(
      { perIp: 3, perAddress: 1000 },
      { redisUrl: own.url, redisKeyPrefix: `${prefix}silent:` },
      capture(lines),
    );
    // shared through Redis: two processes, one count
    expect([await configCode(a), await configCode(b)]).toEqual([200, 200]);

    await own.pause();
    // the first check waits for Redis at most REDIS_COMMAND_TIMEOUT_MS, then the process counts
    // on its own: a flood is still refused
    const silent = [await configCode(a), await configCode(a), await configCode(a), await configCode(a)];
    expect(silent).toEqual([200, 200, 200, ErrorCode.TooManyRequests]);
    expect(said(lines, FALLBACK)).toBe(1);

    own.resume();
    // Redis is asked again in the background while requests come in; wait for its answer
    const deadline = Date.now() + 30_000;
    while (said(lines, BACK) === 0) {
      if (Date.now() > deadline) throw new Error('the app never noticed that Redis answers again');
      await configCode(b);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(said(lines, FALLBACK)).toBe(1);
    expect(said(lines, BACK)).toBe(1);
  });
});

describe('rate limits without Redis', () => {
  it('counts in each process on its own', async () => {
    const [a, b] = await processes({ perIp: 2, perAddress: 1000 }, {});
    const codes = [await configCode(a), await configCode(a), await configCode(b), await configCode(a)];
    expect(codes).toEqual([200, 200, 200, ErrorCode.TooManyRequests]);
  });
});
