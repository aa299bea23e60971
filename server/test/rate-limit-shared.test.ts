// Rate limits shared by several API processes through Redis (REDIS_URL): two apps on one Redis
// count every request once; without Redis each counts its own; a Redis that does not answer lets
// requests through with one warning. Needs Redis (TEST_REDIS_URL or 127.0.0.1:6379), else skips.
import { Writable } from 'node:stream';
import { ErrorCode } from '@free/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import {
  account,
  authHeaders,
  BASE_HEADERS,
  closeApp,
  makeApp,
  openTestDb,
  signIn,
  type TestCtx,
} from './helpers.ts';
import { dropKeys, probeRedis, uniquePrefix } from './redis.ts';

const redisUrl = await probeRedis('shared rate limits');
const prefix = uniquePrefix('rl');
let db: DbHandle;
let apps: TestCtx[] = [];

beforeAll(async () => {
  db = await openTestDb('memory://');
});
afterEach(async () => {
  for (const t of apps) await closeApp(t);
  apps = [];
});
afterAll(async () => {
  await db.close();
  if (redisUrl) await dropKeys(redisUrl, prefix);
});

/** Two apps on one database, as two API processes would be. */
async function twoApps(
  rateLimit: { perIp: number; perAddress: number },
  config: { redisUrl?: string; redisKeyPrefix?: string },
  logger?: Record<string, unknown>,
) {
  for (let i = 0; i < 2; i++)
    apps.push(await makeApp('', { db, rateLimit, config, ...(logger ? { logger } : {}) }));
  return apps as [TestCtx, TestCtx];
}

const configCode = async (t: TestCtx) =>
  (await t.app.inject({ method: 'GET', url: '/api/common/config', headers: BASE_HEADERS })).json().code;

describe.runIf(redisUrl)('rate limits through Redis', () => {
  it('counts requests per IP once across two processes', async () => {
    const [a, b] = await twoApps(
      { perIp: 3, perAddress: 1000 },
      { redisUrl: redisUrl as string, redisKeyPrefix: `${prefix}ip:` },
    );
    const codes = [await configCode(a), await configCode(b), await configCode(a), await configCode(b)];
    expect(codes).toEqual([200, 200, 200, ErrorCode.TooManyRequests]);
    expect(await configCode(a)).toBe(ErrorCode.TooManyRequests);
  });

  it('counts requests per signed-in address once across two processes', async () => {
    const [a, b] = await twoApps(
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

  it('lets requests through, with one warning, while Redis does not answer', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    // nothing listens on port 1: every check fails at once
    const [a, b] = await twoApps(
      { perIp: 1, perAddress: 1 },
      { redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix: `${prefix}down:` },
      { stream, level: 'warn' },
    );
    const codes = [await configCode(a), await configCode(a), await configCode(b), await configCode(b)];
    expect(codes).toEqual([200, 200, 200, 200]);
    // the per-address limiter fails open too
    const { token } = await signIn(a, account('shared-open'));
    for (const t of [a, a, b])
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/user/fire', headers: authHeaders(t, token) })).json()
          .code,
      ).toBe(200);
    const warnings = lines.filter((l) => l.includes('rate limits: Redis does not answer'));
    expect(warnings).toHaveLength(2); // one per process, not one per request
  });
});

describe('rate limits without Redis', () => {
  it('counts in each process on its own', async () => {
    const [a, b] = await twoApps({ perIp: 2, perAddress: 1000 }, {});
    const codes = [await configCode(a), await configCode(a), await configCode(b), await configCode(a)];
    expect(codes).toEqual([200, 200, 200, ErrorCode.TooManyRequests]);
  });
});
