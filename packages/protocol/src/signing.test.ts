import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  constantTimeEqual,
  SIGN_WINDOW_MS,
  signatureHeaders,
  signRequest,
  verifyRequestSignature,
} from './signing.ts';

const nodeHmac = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text, 'utf8').digest('hex');

describe('signRequest', () => {
  it('matches RFC 4231 test case 2 (key "Jefe")', () => {
    expect(signRequest('Jefe', 'what do ya want ', 'for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it.each([
    ['free-local-dev-secret', 'abc123token', 1_700_000_000_000],
    ['free-local-dev-secret', '', '1700000000000'],
    ['', 'tok', 0],
    ['s€cret ключ 秘密', 'tøken-ü', 1_763_780_000_123],
    ['x'.repeat(200), 'y'.repeat(300), 42],
  ])('agrees with node:crypto for secret %j token %j times %j', (secret, token, times) => {
    const sig = signRequest(secret, token, times);
    expect(sig).toBe(nodeHmac(secret, token + String(times)));
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
  });

  it('builds the headers from the current time', () => {
    expect(signatureHeaders('s', 't', 1234.9)).toEqual({ times: '1234', sign: nodeHmac('s', 't1234') });
  });
});

describe('verifyRequestSignature', () => {
  const secret = 'free-local-dev-secret';
  const token = 'session-token';
  const now = 1_763_780_000_000;
  const good = (times: number) => signRequest(secret, token, times);

  it('accepts a fresh, correct signature (also in upper case)', () => {
    expect(verifyRequestSignature({ secret, token, times: String(now), sign: good(now), now })).toBe('ok');
    expect(verifyRequestSignature({ secret, token, times: now, sign: good(now).toUpperCase(), now })).toBe(
      'ok',
    );
  });

  it('accepts the edges of the ±5 minute window and refuses beyond', () => {
    for (const t of [now - SIGN_WINDOW_MS, now + SIGN_WINDOW_MS]) {
      expect(verifyRequestSignature({ secret, token, times: t, sign: good(t), now })).toBe('ok');
    }
    for (const t of [now - SIGN_WINDOW_MS - 1, now + SIGN_WINDOW_MS + 1]) {
      expect(verifyRequestSignature({ secret, token, times: t, sign: good(t), now })).toBe('stale');
    }
  });

  it('refuses a signature made with another secret, token or time', () => {
    const wrongSecret = signRequest('other', token, now);
    const wrongToken = signRequest(secret, 'other', now);
    const wrongTime = good(now - 1);
    for (const sign of [wrongSecret, wrongToken, wrongTime, `${good(now)}0`, good(now).slice(1), '']) {
      expect(verifyRequestSignature({ secret, token, times: now, sign, now })).toBe('bad');
    }
  });

  it('checks the same way with a native HMAC passed in (what the server does)', () => {
    const check = (sign: string) =>
      verifyRequestSignature({ secret, token, times: now, sign, now, hmacHex: nodeHmac });
    expect(check(good(now))).toBe('ok');
    expect(check(good(now - 1))).toBe('bad');
    expect(signRequest(secret, token, now, nodeHmac)).toBe(good(now));
  });

  it('refuses missing or malformed times and missing sign', () => {
    for (const times of [undefined, null, '', 'abc', '-1', '1e12', ' 1763780000000', '1763780000000.5']) {
      expect(verifyRequestSignature({ secret, token, times, sign: good(now), now })).toBe('bad');
    }
    expect(verifyRequestSignature({ secret, token, times: now, sign: undefined, now })).toBe('bad');
  });
});

describe('constantTimeEqual', () => {
  it('compares strings exactly', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'ab')).toBe(false);
  });
});
