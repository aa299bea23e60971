// A request no route serves: an unknown path answers HTTP 404 with the NotFound envelope, a known
// path with another method HTTP 405 with `Allow` and the BadRequest envelope naming `method` —
// before the platform header or a sign-in is looked at, and changing nothing.
import { ErrorCode } from '@free/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND, BASE_HEADERS, closeApp, makeApp, snapshot, type TestCtx } from './helpers.ts';

describe.each(BACKEND)('unknown paths and methods ($name)', ({ url }) => {
  let t: TestCtx;
  beforeAll(async () => {
    t = await makeApp(url);
  });
  afterAll(() => closeApp(t));

  const call = (method: string, path: string, headers: Record<string, string> = BASE_HEADERS) =>
    t.app.inject({ method: method as 'GET', url: path, headers });

  it('answers an unknown path 404 with the NotFound envelope, with or without the API headers', async () => {
    const before = await snapshot(t.db);
    for (const [method, path, headers] of [
      ['GET', '/api/user/nope', BASE_HEADERS],
      ['GET', '/api/user/nope', {}],
      ['POST', '/api/common/nope?x=1', {}],
      ['GET', '/nothing/here', {}],
    ] as const) {
      const r = await call(method, path, headers);
      expect(r.statusCode, path).toBe(404);
      expect(r.headers.allow, path).toBeUndefined();
      expect(r.json(), path).toMatchObject({ code: ErrorCode.NotFound, data: null });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('answers a known path called with another method 405 with Allow, before sign-in or platform', async () => {
    const before = await snapshot(t.db);
    for (const [method, path, allow] of [
      ['DELETE', '/api/user/withdraw/apply', 'POST'],
      ['GET', '/api/user/withdraw/apply/?coin=USDT', 'POST'],
      ['POST', '/api/common/config', 'GET, HEAD'],
      ['PUT', '/api/admin/config', 'GET, HEAD, POST'],
    ] as const) {
      const r = await call(method, path, {});
      expect(r.statusCode, path).toBe(405);
      expect(r.headers.allow, path).toBe(allow);
      const body = r.json();
      expect(body, path).toMatchObject({ code: ErrorCode.BadRequest, data: null });
      expect(body.msg, path).toContain('(method)');
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('still serves the method a path has', async () => {
    const r = await call('GET', '/api/common/config');
    expect(r.statusCode).toBe(200);
    expect(r.json().code).toBe(ErrorCode.Ok);
  });
});
