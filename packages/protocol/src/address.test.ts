import { describe, expect, it } from 'vitest';
import { isAddress, sameAddress, shortAddress } from './address.ts';

const A = '0x12aB34cD56eF78901234567890aBcDeF12349f3c';

describe('address helpers', () => {
  it('shortens an address to 0x + 4 … 4', () => {
    expect(shortAddress(A)).toBe('0x12aB…9f3c');
    expect(shortAddress(A, 6, 6)).toBe('0x12aB34…349f3c');
    expect(shortAddress('not an address')).toBe('not an address');
    expect(shortAddress(undefined)).toBe('');
  });

  it('compares addresses ignoring case', () => {
    expect(sameAddress(A, A.toLowerCase())).toBe(true);
    expect(sameAddress(A.toUpperCase().replace('0X', '0x'), A)).toBe(true);
    expect(sameAddress(A, `${A.slice(0, -1)}d`)).toBe(false);
    expect(sameAddress(A, null)).toBe(false);
    expect(sameAddress(undefined, undefined)).toBe(false);
    expect(sameAddress('abc', 'ABC')).toBe(false);
  });

  it('recognises a 20-byte hex address', () => {
    expect(isAddress(A)).toBe(true);
    expect(isAddress(A.slice(0, -1))).toBe(false);
    expect(isAddress(`${A}0`)).toBe(false);
    expect(isAddress(42)).toBe(false);
  });
});
