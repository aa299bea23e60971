// HTTP statuses that mean what they say (docs/api.md "The envelope"): an envelope whose code is an
// HTTP code travels with that status, so nginx's log and any proxy see the error rate; a product
// refusal (a four-digit code) stays HTTP 200; the body is the same envelope either way, and a
// rate-limited answer says when to retry.
import { ErrorCode, httpStatusOf } from '@free/protocol';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { account, authHeaders, BASE_HEADERS, closeApp, makeApp, signIn, type TestCtx } from './helpers.ts';
import { fund, U } from './support/testkit.ts';

let t: TestCtx | undefined;
afterEach(async () => {
  await closeApp(t);
  t = undefined;
});

describe('the HTTP status of an answer', () => {
  it('follows the envelope code for HTTP codes and stays 200 for product refusals', async () => {
    t = await makeApp('memory://');
    const app = t.app;
    // 400: a malformed query, named in the message
    const bad = await app.inject({
      method: 'GET',
      url: '/api/common/nonce?address=nope',
      headers: BASE_HEADERS,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: ErrorCode.BadRequest, data: null });
    // 401: a signed-in route without a token
    const anon = await app.inject({ method: 'GET', url: '/api/user', headers: BASE_HEADERS });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ code: ErrorCode.Unauthorized, data: null });
    // 404: no such path
    const missing = await app.inject({ method: 'GET', url: '/api/nothing/here', headers: BASE_HEADERS });
    expect(missing.statusCode).toBe(404);
    // a product refusal: HTTP 200 with its own code
    const s = await signIn(t, account('status-codes'));
    await fund(t.db, s.userId, 10n * U);
    const tooMuch = await app.inject({
      method: 'POST',
      url: '/api/user/withdraw/apply',
      headers: authHeaders(t, s.token),
      payload: { amount: '11', coin: 'USDT' },
    });
    expect(tooMuch.statusCode).toBe(200);
    expect(tooMuch.json()).toMatchObject({ code: ErrorCode.InsufficientBalance, data: null });
  });

  it('answers 429 with Retry-After, per client address and per signed-in address', async () => {
    t = await makeApp('memory://', { rateLimit: { perIp: 3, perAddress: 1_000 } });
    const codes: number[] = [];
    let last: Awaited<ReturnType<TestCtx['app']['inject']>> | undefined;
    for (let i = 0; i < 5; i++) {
      last = await t.app.inject({ method: 'GET', url: '/api/common/config', headers: BASE_HEADERS });
      codes.push(last.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    expect(last?.json()).toMatchObject({ code: ErrorCode.TooManyRequests, data: null });
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);

    await closeApp(t);
    t = await makeApp('memory://', { rateLimit: { perIp: 1_000, perAddress: 2 } });
    const s = await signIn(t, account('status-codes-address'));
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      last = await t.app.inject({ method: 'GET', url: '/api/user', headers: authHeaders(t, s.token) });
      seen.push(last.statusCode);
    }
    expect(seen.slice(-1)).toEqual([429]);
    expect(last?.json()).toMatchObject({ code: ErrorCode.TooManyRequests, data: null });
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers an internal failure with HTTP 500', async () => {
    t = await makeApp('memory://');
    await t.db.db.execute(sql`DROP TABLE banners`);
    const r = await t.app.inject({ method: 'GET', url: '/api/common/banner', headers: BASE_HEADERS });
    expect(r.statusCode).toBe(500);
    expect(r.json()).toMatchObject({ code: ErrorCode.Internal, data: null });
  });

  it('maps only the HTTP codes; every product code travels as 200', () => {
    for (const code of [400, 401, 403, 404, 409, 429, 500, 503, 504]) expect(httpStatusOf(code)).toBe(code);
    for (const code of [200, 1004, 1105, 1200, 1300, 1302]) expect(httpStatusOf(code)).toBe(200);
  });
});
