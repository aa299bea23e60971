import { describe, expect, it } from 'vitest';
import { withGasHeadroom } from './gas.ts';

describe('withGasHeadroom', () => {
  it('adds 30 % to the estimate, rounded up', () => {
    expect(withGasHeadroom(310_341n)).toBe(403_444n);
    expect(withGasHeadroom(100n)).toBe(130n);
    expect(withGasHeadroom(1n)).toBe(2n);
  });
});
