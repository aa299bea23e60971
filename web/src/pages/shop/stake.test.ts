import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { compoundInterest } from '@free/protocol/staking';
import { describe, expect, it } from 'vitest';
import { minOutOf, reserveCovers, stakeCall, stakePreview } from './stake';

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

describe('stakeCall', () => {
  const shown = { index: 2, days: 30, ratePpm: 12_000, feeBps: 200 };
  it('sends the fee and rate the user was shown as the bounds the contract enforces', () => {
    expect(stakeCall(100n * U, 5n, shown)).toEqual({
      functionName: 'stake',
      args: [100n * U, 5n, 2, 200, 12_000],
    });
    const ref = {
      parents: ['0x00000000000000000000000000000000000000b1'] as const,
      message: '0x01',
      signature: '0x02',
    } as const;
    expect(stakeCall(100n * U, 5n, shown, { ...ref, parents: [...ref.parents] })).toEqual({
      functionName: 'stakeWithInviter',
      args: [100n * U, 5n, 2, 200, 12_000, ref.parents, '0x01', '0x02'],
    });
  });
});
