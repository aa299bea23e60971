// Limits and failure paths a caller would notice: rate limits, a nonce raced twice, contract-wallet
// sign-in, internal errors that never leak, logs that never carry tokens.
import { Writable } from 'node:stream';
import { ErrorCode } from '@free/protocol';
import { sql } from 'drizzle-orm';
import { getAddress, type PublicClient } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { DbHandle } from '../src/db/client.ts';
import {
  account,
  authHeaders,
  BASE_HEADERS,
  closeApp,
  getNonce,
  makeApp,
  openTestDb,
  signIn,
  siweMessage,
  snapshot,
  type TestCtx,
  testConfig,
} from './helpers.ts';

let db: DbHandle;

/** The suite's deps with a 300 ms request budget and an RPC that never answers. */
async function buildTimeoutApp(base: TestCtx) {
  const app = await buildApp({
    db: base.db,
    config: base.config,
    clock: base.clock.get,
    chain: { paymentTerms: () => new Promise(() => {}) },
    logger: false,
    requestBudgetMs: 300,
  });
  await app.ready();
  return { app };
}
let t: TestCtx | undefined;
beforeAll(async () => {
  db = await openTestDb('memory://');
});
afterAll(() => db.close());
afterEach(async () => {
  await closeApp(t);
  t = undefined;
});

describe('robustness', () => {
  it('a nonce used by five concurrent logins signs in exactly once', async () => {
    t = await makeApp('', { db });
    const a = account('racer');
    const nonce = await getNonce(t, a.address);
    const message = siweMessage(a, nonce, t.clock.get());
    const signature = await a.signMessage({ message });
    const before = (await snapshot(db)).sessions ?? 0;
    const tt = t;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        tt.app.inject({
          method: 'POST',
          url: '/api/common/login',
          headers: BASE_HEADERS,
          payload: { message, signature },
        }),
      ),
    );
    const codes = results.map((r) => r.json().code as number).sort((x, y) => x - y);
    expect(codes).toEqual([
      200,
      ErrorCode.NonceInvalid,
      ErrorCode.NonceInvalid,
      ErrorCode.NonceInvalid,
      ErrorCode.NonceInvalid,
    ]);
    expect((await snapshot(db)).sessions).toBe(before + 1);
  });

  it('signs in a contract wallet through EIP-1271 only when local recovery fails', async () => {
    const calls: unknown[] = [];
    const wallet = getAddress('0x000000000000000000000000000000000000c0de');
    const publicClient = {
      verifyMessage: async (args: { address: string }) => {
        calls.push(args.address);
        return args.address.toLowerCase() === wallet.toLowerCase();
      },
    } as unknown as PublicClient;
    t = await makeApp('', { db, chain: { publicClient } });
    const eoa = account('plain');
    const m1 = siweMessage(eoa, await getNonce(t, eoa.address), t.clock.get());
    const ok1 = await t.app.inject({
      method: 'POST',
      url: '/api/common/login',
      headers: BASE_HEADERS,
      payload: { message: m1, signature: await eoa.signMessage({ message: m1 }) },
    });
    expect(ok1.json().code).toBe(200);
    expect(calls).toEqual([]); // an EOA never touches the RPC
    const m2 = siweMessage({ address: wallet }, await getNonce(t, wallet), t.clock.get());
    const ok2 = await t.app.inject({
      method: 'POST',
      url: '/api/common/login',
      headers: BASE_HEADERS,
      payload: { message: m2, signature: `0x${'ab'.repeat(100)}` },
    });
    expect(ok2.json().code).toBe(200);
    expect(ok2.json().data.user.address).toBe(wallet);
    expect(calls).toEqual([wallet]);
    // a contract that says no is refused
    const other = getAddress('0x000000000000000000000000000000000000bad0');
    const m3 = siweMessage({ address: other }, await getNonce(t, other), t.clock.get());
    const no = await t.app.inject({
      method: 'POST',
      url: '/api/common/login',
      headers: BASE_HEADERS,
      payload: { message: m3, signature: `0x${'ab'.repeat(100)}` },
    });
    expect(no.json().code).toBe(ErrorCode.BadSignature);
  });

  it('limits requests per signed-in address with code 429, other addresses unaffected', async () => {
    t = await makeApp('', { db, rateLimit: { perIp: 1000, perAddress: 3 } });
    const { token } = await signIn(t, account('busy'));
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push(
        (await t.app.inject({ method: 'GET', url: '/api/user/fire', headers: authHeaders(t, token) })).json()
          .code,
      );
    expect(codes).toEqual([200, 200, 200, ErrorCode.TooManyRequests, ErrorCode.TooManyRequests]);
    const other = await signIn(t, account('calm'));
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/user/fire', headers: authHeaders(t, other.token) })
      ).json().code,
    ).toBe(200);
  });

  it('tells a refused client the limit that refused it and when to retry', async () => {
    t = await makeApp('', { db, rateLimit: { perIp: 1000, perAddress: 3 } });
    const tt = t;
    const { token } = await signIn(tt, account('impatient'));
    const fire = () =>
      tt.app.inject({
        method: 'GET',
        url: '/api/user/fire',
        // from the web app's origin: the browser lets the page read only the exposed headers
        headers: { ...authHeaders(tt, token), origin: 'http://127.0.0.1:5173' },
      });
    const first = await fire();
    // an answer carries the counters of the limit nearest its end: the per-address one here
    expect(first.headers['x-ratelimit-limit']).toBe('3');
    expect(first.headers['x-ratelimit-remaining']).toBe('2');
    expect(first.headers['retry-after']).toBeUndefined();
    await fire();
    await fire();
    const refused = await fire();
    expect(refused.json().code).toBe(ErrorCode.TooManyRequests);
    expect(refused.headers['x-ratelimit-limit']).toBe('3');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    const reset = Number(refused.headers['x-ratelimit-reset']);
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(60);
    expect(Number(refused.headers['retry-after'])).toBe(reset);
    const exposed = String(refused.headers['access-control-expose-headers']).split(/,\s*/);
    expect(exposed).toEqual(
      expect.arrayContaining([
        'retry-after',
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
      ]),
    );
  });

  it('tells a client refused per IP when to retry', async () => {
    t = await makeApp('', { db, rateLimit: { perIp: 2, perAddress: 100 } });
    const tt = t;
    const get = () => tt.app.inject({ method: 'GET', url: '/api/common/config', headers: BASE_HEADERS });
    await get();
    await get();
    const refused = await get();
    expect(refused.json().code).toBe(ErrorCode.TooManyRequests);
    expect(refused.headers['x-ratelimit-limit']).toBe('2');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['retry-after']).toBe(refused.headers['x-ratelimit-reset']);
  });

  it('limits requests per IP with code 429', async () => {
    t = await makeApp('', { db, rateLimit: { perIp: 2, perAddress: 100 } });
    const codes: number[] = [];
    for (let i = 0; i < 3; i++)
      codes.push(
        (await t.app.inject({ method: 'GET', url: '/api/common/config', headers: BASE_HEADERS })).json().code,
      );
    expect(codes).toEqual([200, 200, ErrorCode.TooManyRequests]);
  });

  it('with TRUST_PROXY limits each client behind the proxy apart; without, they share the proxy IP', async () => {
    const burst = async (app: TestCtx) => {
      const codes: Record<string, number[]> = { a: [], b: [] };
      for (let i = 0; i < 3; i++)
        for (const [who, ip] of [
          ['a', '203.0.113.7'],
          ['b', '198.51.100.9'],
        ] as const)
          codes[who]?.push(
            (
              await app.app.inject({
                method: 'GET',
                url: '/api/common/config',
                headers: { ...BASE_HEADERS, 'x-forwarded-for': ip },
              })
            ).json().code,
          );
      return codes;
    };
    const limited = ErrorCode.TooManyRequests;
    t = await makeApp('', { db, rateLimit: { perIp: 2, perAddress: 100 }, config: { trustProxy: 1 } });
    expect(await burst(t)).toEqual({ a: [200, 200, limited], b: [200, 200, limited] });
    await closeApp(t);
    t = await makeApp('', { db, rateLimit: { perIp: 2, perAddress: 100 }, config: { trustProxy: false } });
    expect(await burst(t)).toEqual({ a: [200, limited, limited], b: [200, limited, limited] });
  });

  it('counts the IPv6 clients of one /64 as one client, other /64s and IPv4 apart', async () => {
    t = await makeApp('', { db, rateLimit: { perIp: 2, perAddress: 100 }, config: { trustProxy: 1 } });
    const tt = t;
    const from = async (ip: string) =>
      (
        await tt.app.inject({
          method: 'GET',
          url: '/api/common/config',
          headers: { ...BASE_HEADERS, 'x-forwarded-for': ip },
        })
      ).json().code;
    const limited = ErrorCode.TooManyRequests;
    // three addresses of 2001:db8:1:2::/64, written three ways: one client of 2 requests a minute
    expect(await from('2001:db8:1:2::1')).toBe(200);
    expect(await from('2001:0db8:0001:0002:ffff:0:0:9')).toBe(200);
    expect(await from('2001:DB8:1:2:abcd::7')).toBe(limited);
    // the next /64 and an IPv4 client are others
    expect(await from('2001:db8:1:3::1')).toBe(200);
    expect(await from('203.0.113.50')).toBe(200);
    // an IPv4 address written as IPv6 is that IPv4 client
    expect(await from('::ffff:203.0.113.50')).toBe(200);
    expect(await from('203.0.113.50')).toBe(limited);
  });

  it('reads TRUST_PROXY: off by default, true as one hop, a hop count or proxy addresses', () => {
    expect(testConfig().trustProxy).toBe(false);
    const env = (v: string) =>
      loadConfig({ TRUST_PROXY: v, DEPLOYMENT_FILE: '/nonexistent.json' }).trustProxy;
    expect(env('true')).toBe(1);
    expect(env('2')).toBe(2);
    expect(env('10.0.0.1, 10.1.0.0/16')).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => env('everyone')).toThrow(/TRUST_PROXY/);
  });

  it('never writes tokens, signatures or keys to the logs', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    t = await makeApp('', { db, logger: { stream, level: 'trace' } });
    const { token } = await signIn(t, account('quiet'));
    const h = authHeaders(t, token);
    await t.app.inject({ method: 'GET', url: '/api/user', headers: h });
    await t.app.inject({
      method: 'POST',
      url: '/api/user/withdraw/apply',
      headers: { ...h, 'idempotency-key': 'secret-key-123' },
      payload: { amount: '5' },
    });
    const all = lines.join('');
    expect(lines.length).toBeGreaterThan(3);
    expect(all).not.toContain(token);
    expect(all).not.toContain(h.sign);
    expect(all).not.toContain(t.config.signerKey.slice(2));
    expect(all).not.toContain(t.config.clientSecret);
  });

  it('allows the web origin through CORS and not another', async () => {
    t = await makeApp('', { db });
    const preflight = (origin: string) =>
      (t as TestCtx).app.inject({
        method: 'OPTIONS',
        url: '/api/user/withdraw/apply',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,sign,times,platform,idempotency-key,content-type',
        },
      });
    const ok = await preflight('http://127.0.0.1:5173');
    expect(ok.headers['access-control-allow-origin']).toBe('http://127.0.0.1:5173');
    expect(String(ok.headers['access-control-allow-headers'])).toContain('idempotency-key');
    const evil = await preflight('https://evil.example');
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('accepts pageSize as an alias of size on lists', async () => {
    t = await makeApp('', { db });
    const { token } = await signIn(t, account('pager'));
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/user/finance?pageSize=7&page=2',
      headers: authHeaders(t, token),
    });
    expect(r.json().data).toMatchObject({ page: 2, size: 7 });
  });

  it('answers Timeout when a request outlives its budget, and nothing is created', async () => {
    const db2 = db;
    const tt = await makeApp('', { db: db2 });
    t = tt;
    const { app } = await buildTimeoutApp(tt);
    try {
      const { token } = await signIn({ ...tt, app }, account('patient'));
      const before = await snapshot(db2);
      const r = await app.inject({
        method: 'POST',
        url: '/api/user/recharge/create',
        headers: authHeaders(tt, token),
        payload: { amount: '5' },
      });
      expect(r.statusCode).toBe(504);
      expect(r.json()).toMatchObject({ code: ErrorCode.Timeout, data: null });
      expect(await snapshot(db2)).toEqual(before);
    } finally {
      await app.close();
    }
  });

  it('answers an internal failure with code 500 and a message that reveals nothing', async () => {
    t = await makeApp('', { db });
    await db.db.execute(sql`DROP TABLE banners`);
    const r = await t.app.inject({ method: 'GET', url: '/api/common/banner', headers: BASE_HEADERS });
    expect(r.statusCode).toBe(500);
    const body = r.json();
    expect(body).toMatchObject({ code: ErrorCode.Internal, data: null });
    expect(body.msg).not.toMatch(/banners|relation|select|drizzle|stack/i);
  });
});
