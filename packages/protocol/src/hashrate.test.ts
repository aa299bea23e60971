import { describe, expect, it } from 'vitest';
import { formatHashrate } from './hashrate.ts';

describe('formatHashrate', () => {
  it('scales by thousands and names the unit', () => {
    expect(formatHashrate('0')).toBe('0 H/s');
    expect(formatHashrate('999.999')).toBe('999.99 H/s');
    expect(formatHashrate('1000')).toBe('1 kH/s');
    expect(formatHashrate('1520.5')).toBe('1.52 kH/s');
    expect(formatHashrate('1000000')).toBe('1 MH/s');
    expect(formatHashrate('2500000000')).toBe('2.5 GH/s');
    expect(formatHashrate('1000000000000000000000000')).toBe('1,000,000 EH/s');
  });

  it("writes the number in the reader's format, the unit as its symbol", () => {
    expect(formatHashrate('1234567', 'ru')).toBe('1,23 MH/s');
    expect(formatHashrate('1234567000', 'de')).toBe('1,23 GH/s');
  });

  it('refuses what is not a decimal', () => {
    expect(formatHashrate('abc')).toBeNull();
  });
});
