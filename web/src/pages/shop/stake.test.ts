import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { compoundInterest } from '@free/protocol/staking';
import { describe, expect, it } from 'vitest';
import { chainIndexOf, minOutOf, reserveCovers, stakePreview } from './stake';

const THIRTY = { index: 2, days: 30, ratePpm: 12_000, feeBps: 200 };

describe('stake preview', () => {
  it('takes the cycle fee off the amount and compounds the principal over the cycle', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const p = stakePreview(100n * U, THIRTY, now);
    expect(p.fee).toBe(2n * U);
    expect(p.principal).toBe(98n * U);
    expect(p.maxInterest).toBe(compoundInterest(98n * U, 12_000, 30));
    // 1.012^30 ≈ 1.43: about 42 U of interest on 98 U
    expect(p.maxInterest / U).toBe(42n);
    expect(p.payout).toBe(p.principal + p.maxInterest);
    expect(p.maturity.toISOString()).toBe('2026-01-31T00:00:00.000Z');
  });

  it('bounds the fee swap at the quote less 1 % and rounds down', () => {
    expect(minOutOf(1000n)).toBe(990n);
    expect(minOutOf(999n)).toBe(989n);
    expect(minOutOf(0n)).toBe(0n);
  });

  it('says when the reserve cannot cover the maximum interest', () => {
    const p = stakePreview(1000n * U, THIRTY, new Date());
    expect(reserveCovers(p, p.maxInterest)).toBe(true);
    expect(reserveCovers(p, p.maxInterest - 1n)).toBe(false);
  });
});

describe('chainIndexOf', () => {
  const records = [
    { index: 0, stakeTime: 1_700_000_000n, amount: 98n * U, redeemed: true, stakeIndex: 2 },
    { index: 1, stakeTime: 1_700_000_000n, amount: 98n * U, redeemed: false, stakeIndex: 2 },
    { index: 2, stakeTime: 1_700_000_500n, amount: 49n * U, redeemed: false, stakeIndex: 0 },
  ];
  it('finds the open record with the same principal, cycle and time', () => {
    const pledgeTime = new Date(1_700_000_000_000).toISOString();
    expect(chainIndexOf({ principal: 98n * U, cycle: 2, pledgeTime }, records)).toBe(1);
    expect(
      chainIndexOf(
        { principal: 49n * U, cycle: 0, pledgeTime: new Date(1_700_000_500_000).toISOString() },
        records,
      ),
    ).toBe(2);
  });
  it('finds nothing when no open record matches', () => {
    const pledgeTime = new Date(1_700_000_000_000).toISOString();
    expect(chainIndexOf({ principal: 98n * U, cycle: 1, pledgeTime }, records)).toBeNull();
    expect(chainIndexOf({ principal: 49n * U, cycle: 0, pledgeTime }, records)).toBeNull();
  });
});
