// The server's clock as this device sees it. Signed requests carry `times` (docs/api.md "Request headers"), which the
// server refuses outside its 5-minute window (StaleTimestamp, 1101). A device clock that is off,
// or a local chain whose server day was moved forward (`npm run dev:advance`), would leave every
// signed request refused; so the client signs with its estimate of the server's time, learned from
// the time the server dated a sign-in nonce at (its expiry less the nonce's lifetime).
import type { NonceData } from '@free/protocol/api/index';
import { SIWE_NONCE_TTL_MS } from '@free/protocol/constants';

const KEY = 'free.serverClockOffset';
let offsetMs = read();

function read(): number {
  try {
    const n = Number(localStorage.getItem(KEY) ?? '0');
    return Number.isFinite(n) ? n : 0;
  } catch {
    return 0;
  }
}

/** The server's time now, by this device's clock and the last offset learned. */
export const serverNow = (): number => Date.now() + offsetMs;

/**
 * Learns the offset from a nonce the server issued between `sentAt` and `receivedAt` (device ms):
 * the issue is taken at the middle of the round trip.
 */
export function learnFromNonce(
  nonce: Pick<NonceData, 'expiresAt'>,
  sentAt: number,
  receivedAt: number,
): void {
  const issued = Date.parse(nonce.expiresAt) - SIWE_NONCE_TTL_MS;
  if (Number.isNaN(issued)) return;
  offsetMs = Math.round(issued - (sentAt + receivedAt) / 2);
  try {
    localStorage.setItem(KEY, String(offsetMs));
  } catch {
    // kept for this page only
  }
}
