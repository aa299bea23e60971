import { describe, expect, it } from 'vitest';
import { isAddress, parseAddress, parseHex, parsePrivateKey, sameAddress, shortAddress } from './address.ts';

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

describe('parseAddress and parseHex (the boundary parsers)', () => {
  it('return the value itself when it is one', () => {
    const a = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    expect(parseAddress(a)).toBe(a);
    expect(parseHex('0x')).toBe('0x');
    expect(parseHex(`0x${'ab'.repeat(32)}`, 'orderId', 32)).toBe(`0x${'ab'.repeat(32)}`);
  });

  it('refuse anything else, naming what was read', () => {
    expect(() => parseAddress('0x1234', 'to_address')).toThrow(/to_address is not an address/);
    expect(() => parseAddress(null)).toThrow(TypeError);
    expect(() => parseHex('0xabc', 'signature')).toThrow(/signature is not hex/);
    expect(() => parseHex('12', 'data')).toThrow(TypeError);
    expect(() => parseHex(`0x${'ab'.repeat(31)}`, 'orderId', 32)).toThrow(/of 32 bytes/);
  });
});

describe('parsePrivateKey', () => {
  it('takes a 0x key of 32 bytes and refuses anything else without showing it', () => {
    const key = `0x${'5a'.repeat(32)}`;
    expect(parsePrivateKey(key)).toBe(key);
    const short = `0x${'5a'.repeat(31)}`;
    expect(() => parsePrivateKey(short, 'SIGNER_KEY')).toThrow(/SIGNER_KEY is not a 0x private key/);
    expect(() => parsePrivateKey(short, 'SIGNER_KEY')).not.toThrow(short);
    expect(() => parsePrivateKey('5a'.repeat(32))).toThrow(TypeError);
  });
});
