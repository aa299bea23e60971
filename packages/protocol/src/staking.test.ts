import { describe, expect, it } from 'vitest';
import { WEI_PER_UNIT as U } from './amount.ts';
import { DAY_MS as DAY } from './constants.ts';
import {
  compoundFactor,
  compoundInterest,
  elapsedDays,
  investmentLimits,
  maturityOf,
  splitStakeAmount,
} from './staking.ts';

describe('compound interest (same discrete daily compounding as Staking.sol)', () => {
  it('matches the reference factors 1.012^7, 1.012^15, 1.012^30 to six decimals', () => {
    const six = (f: bigint) => Number(f / 10n ** 12n) / 1e6;
    expect(six(compoundFactor(12_000, 7))).toBe(1.087085);
    expect(six(compoundFactor(12_000, 15))).toBe(1.195935);
    expect(six(compoundFactor(12_000, 30))).toBe(1.430261);
  });

  it('rounds down at every step like the contract loop', () => {
    // 1e18 * 1.006 = 1.006e18 exactly; two steps: 1.012036e18 exactly
    expect(compoundFactor(6000, 2)).toBe(1_012_036_000_000_000_000n);
    // a rate whose square needs rounding: 1.000001^2 = 1.000002000001 exactly representable, so
    // check an odd rate where truncation matters
    const f = compoundFactor(1, 3);
    expect(f).toBe(1_000_003_000_003_000_001n);
  });

  it('computes interest on a principal, zero for zero days', () => {
    expect(compoundInterest(980n * U, 12_000, 0)).toBe(0n);
    expect(compoundInterest(100n * U, 6000, 1)).toBe(600_000_000_000_000_000n);
    // 980 U for 30 days at 1.2 %: principal × (factor − 1)
    const f = compoundFactor(12_000, 30);
    expect(compoundInterest(980n * U, 12_000, 30)).toBe((980n * U * (f - U)) / U);
  });

  it('refuses negative inputs', () => {
    expect(() => compoundFactor(-1, 3)).toThrow(RangeError);
    expect(() => compoundFactor(100, 1.5)).toThrow(RangeError);
    expect(() => compoundInterest(-1n, 100, 1)).toThrow(RangeError);
  });

  it('counts whole elapsed days capped at the cycle', () => {
    const t0 = new Date('2026-01-01T10:00:00Z');
    expect(elapsedDays(t0, t0.getTime() - 1, 7)).toBe(0);
    expect(elapsedDays(t0, t0.getTime() + DAY - 1, 7)).toBe(0);
    expect(elapsedDays(t0, t0.getTime() + DAY, 7)).toBe(1);
    expect(elapsedDays(t0, t0.getTime() + 100 * DAY, 7)).toBe(7);
    expect(maturityOf(t0, 7).toISOString()).toBe('2026-01-08T10:00:00.000Z');
  });

  it('splits an amount into fee and principal like Staking._quote', () => {
    expect(splitStakeAmount(100n * U, 200)).toEqual({ fee: 2n * U, principal: 98n * U });
    expect(splitStakeAmount(1n, 200)).toEqual({ fee: 0n, principal: 1n });
  });
});

describe('investmentLimits', () => {
  const base = { minAmount: U, maxAmount: 1000n * U, minInvestmentFree: 100n * U, maxInvestment: 1000n * U };
  it('values the FREE minimum at the FREE price, rounded up, and never goes below the amount minimum', () => {
    expect(investmentLimits({ ...base, freePriceUsdt: U / 10n })).toEqual({ min: 10n * U, max: 1000n * U });
    expect(investmentLimits({ ...base, freePriceUsdt: U / 1000n })).toEqual({ min: U, max: 1000n * U });
    // half a wei of USDT is one wei: the FREE minimum is never under-counted
    expect(
      investmentLimits({ ...base, minAmount: 0n, minInvestmentFree: 1n, freePriceUsdt: U / 2n }).min,
    ).toBe(1n);
    expect(investmentLimits({ ...base, minInvestmentFree: 3n * U, freePriceUsdt: U / 3n + 1n }).min).toBe(
      U + 2n,
    );
  });
  it('takes the smaller of the amount maximum and the maximum investment', () => {
    expect(investmentLimits({ ...base, maxInvestment: 500n * U, freePriceUsdt: U }).max).toBe(500n * U);
    expect(investmentLimits({ ...base, maxInvestment: 5000n * U, freePriceUsdt: U }).max).toBe(1000n * U);
  });
});
