// The local server's clock when the chain's clock can be moved (`npm run dev:advance`, local anvil
// only): the wall clock plus the largest lead the chain's latest block has ever had over it. The
// lead is polled every few seconds and only grows, so the business day follows an advanced chain
// without a restart and never goes back while the chain idles (anvil mines no block when idle).
// In production the server's clock is the wall clock (app.ts), never this.
import type { ChainTime } from '../chain/chain-time.ts';

export type DevClock = {
  now: () => Date;
  /** reads the chain's time now (after an advance) instead of waiting for the next poll */
  sync: () => Promise<void>;
  offsetMs: () => number;
  stop: () => void;
};

export const DEV_CLOCK_POLL_MS = 2_000;

export async function startDevClock(
  chainTime: ChainTime,
  opts: { pollMs?: number; wallClock?: () => number } = {},
): Promise<DevClock> {
  const wall = opts.wallClock ?? Date.now;
  let offset = 0;
  const take = (chain: Date) => {
    offset = Math.max(offset, chain.getTime() - wall());
  };
  const sync = async () => take(await chainTime());
  await sync().catch(() => {});
  const timer = setInterval(() => {
    sync().catch(() => {}); // a chain that does not answer keeps the last lead
  }, opts.pollMs ?? DEV_CLOCK_POLL_MS);
  timer.unref();
  return {
    now: () => new Date(wall() + offset),
    sync,
    offsetMs: () => offset,
    stop: () => clearInterval(timer),
  };
}
