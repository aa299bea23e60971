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

/** The configured bounds of an investment (wei): amount limits, minimum in FREE, maximum in USDT. */
export interface InvestmentConfig {
  minAmount: bigint;
  maxAmount: bigint;
  /** the minimum investment, in FREE */
  minInvestmentFree: bigint;
  maxInvestment: bigint;
  /** USDT per FREE (1e18) used to value the FREE minimum */
  freePriceUsdt: bigint;
}

/**
 * The USDT an investment may be (inclusive): at least the amount minimum and the FREE minimum valued
 * at the FREE price (rounded up, so the FREE minimum is always met), at most the smaller of the
 * amount maximum and the maximum investment. The server refuses outside it; the web shows it.
 */
export function investmentLimits(c: InvestmentConfig): { min: bigint; max: bigint } {
  const minOfFree = (c.minInvestmentFree * c.freePriceUsdt + WAD - 1n) / WAD;
  return {
    min: minOfFree > c.minAmount ? minOfFree : c.minAmount,
    max: c.maxInvestment < c.maxAmount ? c.maxInvestment : c.maxAmount,
  };
}
