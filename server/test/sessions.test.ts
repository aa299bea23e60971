// A stolen token is worth less (docs/business-rules.md "Sign-in and sessions"): security headers, idle expiry renewed on use, and the
// user's list of sessions with revocation.
import { ErrorCode } from '@free/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions as sessionsTable } from '../src/db/schema/index.ts';
import { sha256Hex } from '../src/services/auth.ts';
import {
  account,
  authHeaders,
  BACKEND,
  BASE_HEADERS,
  closeApp,
  getNonce,
  makeApp,
  siweMessage,
  type TestCtx,
} from './helpers.ts';

const HOUR = 3_600_000;

describe.each(BACKEND)('sessions on $name', ({ url }) => {
  let t: TestCtx;
  beforeAll(async () => {
    t = await makeApp(url, { config: { sessionIdleMs: 2 * HOUR } });
  });
  afterAll(() => closeApp(t));

  const signInOn = async (label: string, device: string) => {
    const a = account(label);
    const nonce = await getNonce(t, a.address);
    const message = siweMessage(a, nonce, t.clock.get());
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/common/login',
      headers: { ...BASE_HEADERS, 'user-agent': device },
      payload: { message, signature: await a.signMessage({ message }) },
    });
    return r.json().data.token as string;
  };
  const me = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/user', headers: authHeaders(t, token) })).json().code;
  const sessions = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/user/sessions', headers: authHeaders(t, token) })).json();
  const revoke = async (token: string, payload: unknown) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/user/sessions/revoke',
        headers: authHeaders(t, token),
        payload: payload as Record<string, unknown>,
      })
    ).json();

  it('answers every request, failures too, with nosniff, no framing and a CSP that allows nothing', async () => {
    const token = await signInOn('headers', 'test');
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/common/config', headers: BASE_HEADERS }),
      await t.app.inject({ method: 'GET', url: '/api/user', headers: authHeaders(t, token) }),
      await t.app.inject({ method: 'GET', url: '/api/user', headers: BASE_HEADERS }),
      await t.app.inject({ method: 'GET', url: '/nowhere', headers: BASE_HEADERS }),
    ];
    for (const r of answers) {
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('ends a session left idle longer than the setting, and renews one in use', async () => {
    const idle = await signInOn('idle', 'test');
    const busy = await signInOn('busy', 'test');
    const start = t.clock.get().getTime();
    try {
      // busy is used every 90 minutes, idle not at all
      for (let i = 0; i < 3; i++) {
        t.clock.advance(90 * 60_000);
        expect(await me(busy)).toBe(200);
      }
      expect(await me(idle)).toBe(ErrorCode.Unauthorized);
      // 4.5 h after sign-in busy still works; left alone for 2 h it ends
      t.clock.advance(2 * HOUR);
      expect(await me(busy)).toBe(ErrorCode.Unauthorized);
    } finally {
      t.clock.now = new Date(start);
    }
  });

  it('ends a session at its absolute lifetime even when it was just used', async () => {
    const token = await signInOn('lifetime', 'test');
    const start = t.clock.get().getTime();
    try {
      t.clock.now = new Date(start + 30 * 24 * HOUR - 60_000);
      // as if used all along: renewed a minute ago
      await t.db.db
        .update(sessionsTable)
        .set({ lastUsedAt: t.clock.get() })
        .where(eq(sessionsTable.tokenHash, sha256Hex(token)));
      expect(await me(token)).toBe(200);
      t.clock.advance(60_001);
      expect(await me(token)).toBe(ErrorCode.Unauthorized);
    } finally {
      t.clock.now = new Date(start);
    }
  });

  it('lists my sessions with their devices, ends one, then all but mine; never another user’s', async () => {
    const phone = await signInOn('owner', 'Phone/1.0');
    t.clock.advance(60_000);
    const laptop = await signInOn('owner', 'Laptop/2.0');
    t.clock.advance(60_000);
    const tablet = await signInOn('owner', 'Tablet/3.0');
    const stranger = await signInOn('stranger', 'Other/9');

    const seen = await sessions(laptop);
    expect(seen.code).toBe(200);
    // most recently used first
    expect(seen.data.list.map((s: { device: string }) => s.device)).toEqual([
      'Tablet/3.0',
      'Laptop/2.0',
      'Phone/1.0',
    ]);
    expect(seen.data.list.filter((s: { current: boolean }) => s.current)).toEqual([
      expect.objectContaining({ device: 'Laptop/2.0' }),
    ]);
    const idOf = (device: string) =>
      (seen.data.list as { id: number; device: string }[]).find((s) => s.device === device)?.id;

    // another user cannot end my session by its id
    expect((await revoke(stranger, { id: idOf('Phone/1.0') })).data.revoked).toBe(0);
    expect(await me(phone)).toBe(200);

    expect((await revoke(laptop, { id: idOf('Phone/1.0') })).data.revoked).toBe(1);
    expect(await me(phone)).toBe(ErrorCode.Unauthorized);
    expect(await me(tablet)).toBe(200);

    expect((await revoke(laptop, { others: true })).data.revoked).toBe(1);
    expect(await me(tablet)).toBe(ErrorCode.Unauthorized);
    expect(await me(laptop)).toBe(200);
    expect(await me(stranger)).toBe(200);
    expect((await sessions(laptop)).data.list).toHaveLength(1);

    expect((await revoke(laptop, {})).code).toBe(ErrorCode.BadRequest);
    expect((await revoke(laptop, { others: false })).code).toBe(ErrorCode.BadRequest);
  });
});
