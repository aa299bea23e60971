import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { describe, expect, it } from 'vitest';
import { burnOf } from './burn';

describe('burnOf', () => {
  it('burns 2 % of the value in FREE at the price', () => {
    // 100 USDT at 2 % = 2 USDT; FREE at 0.5 USDT = 4 FREE
    expect(burnOf(100n * U, 200, U / 2n)).toEqual({ value: 2n * U, free: 4n * U });
  });
  it('rounds the FREE up so the shown figure is never below the charge', () => {
    expect(burnOf(1n * U, 200, 3n * U).free).toBe((2n * U) / 100n / 3n + 1n);
  });
  it('has no FREE figure without a price', () => {
    expect(burnOf(10n * U, 200, null)).toEqual({ value: U / 5n, free: null });
  });
});
