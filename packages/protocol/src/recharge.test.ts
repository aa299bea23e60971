import { describe, expect, it } from 'vitest';
import { WEI_PER_UNIT as U } from './amount.ts';
import { rechargeCredit, rechargeExpired, rechargeSplit } from './recharge.ts';

describe('recharge split', () => {
  it('takes the burn share and the executor reward from the amount, as Payment does', () => {
    // 2 % burned, 0.1 % back to the payer: 1000 U credits 979 U, not 1000
    expect(rechargeSplit(1000n * U, 200, 10)).toEqual({
      burned: 20n * U,
      executorReward: 1n * U,
      credit: 979n * U,
    });
    expect(rechargeSplit(999n, 200, 10)).toEqual({ burned: 19n, executorReward: 0n, credit: 980n });
    expect(rechargeSplit(5n * U, 0, 0).credit).toBe(5n * U);
  });

  it('credits what reached the treasury, capped by the order amount', () => {
    expect(rechargeCredit(100n * U, { amount: 100n * U, burned: 2n * U, executorReward: U / 10n })).toBe(
      979n * (U / 10n),
    );
    expect(rechargeCredit(10n, { amount: 50n, burned: 0n, executorReward: 0n })).toBe(10n);
    expect(rechargeCredit(10n, { amount: 5n, burned: 3n, executorReward: 3n })).toBe(0n);
  });
});

describe('rechargeExpired', () => {
  it('keeps an order payable through its last second and expired after it', () => {
    expect(rechargeExpired(1_000, 1_000_000)).toBe(false);
    expect(rechargeExpired(1_000, 1_000_001)).toBe(true);
  });
});
