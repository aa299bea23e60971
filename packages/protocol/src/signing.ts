// Request signing (docs/api.md "Request headers"): `sign = hex(HMAC-SHA256(secret, token + times))`, `times` in ms.
// @noble/hashes instead of node:crypto / WebCrypto: one synchronous code path in browser and Node.
// The secret ships in the browser, so this is integrity and freshness, not authentication (docs/business-rules.md "Calls, messages and timing").
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** How far `times` may be from the server clock, either way (±5 minutes). */
export const SIGN_WINDOW_MS = 300_000;

/** Lower-case hex HMAC-SHA256 of `message` keyed by `key` (both UTF-8). */
export type HmacSha256Hex = (key: string, message: string) => string;

const nobleHmacHex: HmacSha256Hex = (key, message) =>
  bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(message)));

/**
 * Lower-case hex HMAC-SHA256 of `token + times`, keyed by the client secret. `hmacHex` may be a
 * native implementation of the same function (the server passes node:crypto's, 4× faster).
 */
export function signRequest(
  secret: string,
  token: string,
  times: number | string,
  hmacHex: HmacSha256Hex = nobleHmacHex,
): string {
  return hmacHex(secret, token + String(times));
}

/** The `sign` and `times` headers for a request made now. */
export function signatureHeaders(secret: string, token: string, now: number = Date.now()) {
  const times = String(Math.trunc(now));
  return { sign: signRequest(secret, token, times), times };
}

export type SignatureCheck = 'ok' | 'stale' | 'bad';

/**
 * Checks the `sign`/`times` headers. `times` is verified as the exact text the client sent
 * (it is what was signed); it must be a plain integer of ms. 'stale' when outside the window,
 * 'bad' when malformed or the HMAC differs. Comparison is constant-time over the hex text.
 */
export function verifyRequestSignature(args: {
  secret: string;
  token: string;
  times: string | number | null | undefined;
  sign: string | null | undefined;
  now?: number;
  windowMs?: number;
  hmacHex?: HmacSha256Hex;
}): SignatureCheck {
  const { secret, token, sign, now = Date.now(), windowMs = SIGN_WINDOW_MS, hmacHex } = args;
  const times = args.times == null ? '' : String(args.times);
  if (!/^\d{1,16}$/.test(times) || typeof sign !== 'string') return 'bad';
  if (Math.abs(now - Number(times)) > windowMs) return 'stale';
  return constantTimeEqual(signRequest(secret, token, times, hmacHex), sign.toLowerCase()) ? 'ok' : 'bad';
}

/** Equal-length strings compared without an early exit, so timing reveals no matching prefix. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
