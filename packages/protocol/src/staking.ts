// Staking interest, bit for bit as the Staking contract computes it (discrete daily compounding in
// 1e18 fixed point, each step rounded down), so web, server and chain show the same figures.

import { WEI_PER_UNIT as WAD } from './amount.ts';
import { DAY_MS } from './constants.ts';

/** `(1 + ratePpm/1e6)^days` in 1e18 fixed point, rounded down at each step (Staking.compoundFactor). */
export function compoundFactor(ratePpm: number | bigint, days: number): bigint {
  const rate = BigInt(ratePpm);
  if (rate < 0n) throw new RangeError('ratePpm must not be negative');
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days must be a non-negative integer');
  const daily = WAD + rate * 10n ** 12n;
  let factor = WAD;
  for (let i = 0; i < days; i++) factor = (factor * daily) / WAD;
  return factor;
}

/** Interest earned by `principal` after `days` whole days, rounded down (Staking.rewardOfSlot). */
export function compoundInterest(principal: bigint, ratePpm: number | bigint, days: number): bigint {
  if (principal < 0n) throw new RangeError('principal must not be negative');
  return (principal * (compoundFactor(ratePpm, days) - WAD)) / WAD;
}

/** Whole days elapsed between two instants, capped at the cycle (0 before the start). */
export function elapsedDays(start: Date | number, at: Date | number, cycleDays: number): number {
  const ms = Number(at) - Number(start);
  if (ms <= 0) return 0;
  return Math.min(Math.floor(ms / DAY_MS), cycleDays);
}

/** Fee and principal of a stake of `amount` at `feeBps` (Staking._quote: fee rounded down). */
export function splitStakeAmount(amount: bigint, feeBps: number): { fee: bigint; principal: bigint } {
  const fee = (amount * BigInt(feeBps)) / 10_000n;
  return { fee, principal: amount - fee };
}

/** When a stake made at `start` for `cycleDays` matures. */
export function maturityOf(start: Date, cycleDays: number): Date {
  return new Date(start.getTime() + cycleDays * DAY_MS);
}
