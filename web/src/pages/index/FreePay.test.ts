import { describe, expect, it } from 'vitest';
import { cardFormProblems } from './FreePay';

const base = { kind: 'virtual' as const, name: 'Ada', phone: '+63 912 345 6789', address: '' };

describe('cardFormProblems', () => {
  it('accepts a virtual card with a name and a phone number', () => {
    expect([...cardFormProblems(base)]).toEqual([]);
  });
  it('asks for the address of a physical card only', () => {
    expect([...cardFormProblems({ ...base, kind: 'physical' })]).toEqual(['address']);
    expect([...cardFormProblems({ ...base, kind: 'physical', address: '1 Rizal St, Manila' })]).toEqual([]);
  });
  it('flags an empty name and a phone that is not a number', () => {
    expect([...cardFormProblems({ ...base, name: '  ', phone: 'call me' })].sort()).toEqual([
      'name',
      'phone',
    ]);
  });
});
