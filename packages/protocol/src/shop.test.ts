import { describe, expect, it } from 'vitest';
import { canCancel, cleanSharesInput, MAX_SHARES, parseShares, sharesProblem } from './shop.ts';

describe('shop rules', () => {
  it('keeps only the digits of a typed quantity', () => {
    expect(cleanSharesInput('1.5')).toBe('15');
    expect(cleanSharesInput('-3')).toBe('3');
    expect(cleanSharesInput('00')).toBe('0');
    expect(cleanSharesInput('007')).toBe('7');
    expect(cleanSharesInput('abc')).toBe('');
  });

  it('refuses an empty, zero or fractional quantity with the "enter shares" problem', () => {
    expect(sharesProblem(parseShares(''))).toBe('empty');
    expect(sharesProblem(0)).toBe('empty');
    expect(sharesProblem(1.5)).toBe('empty');
    expect(sharesProblem(1)).toBeNull();
  });

  it('checks the per-order maximum, the stock left and the balance, in that order', () => {
    expect(sharesProblem(MAX_SHARES)).toBeNull();
    expect(sharesProblem(MAX_SHARES + 1, { stock: 5 })).toBe('max');
    expect(sharesProblem(6, { stock: 5 })).toBe('stock');
    expect(sharesProblem(6, { stock: null })).toBeNull();
    expect(sharesProblem(3, { stock: 5, price: 10n, balance: 29n })).toBe('balance');
    expect(sharesProblem(3, { stock: 5, price: 10n, balance: 30n })).toBeNull();
  });

  it('lets the buyer cancel until the order is shipped', () => {
    expect(canCancel('ordered')).toBe(true);
    expect(canCancel('paid')).toBe(true);
    expect(canCancel('shipped')).toBe(false);
    expect(canCancel('completed')).toBe(false);
    expect(canCancel('cancelled')).toBe(false);
  });
});
