// TWAP from V2 cumulative prices: weights by time, survives the accumulator's wrap, and matches
// what the pair itself would have accumulated.
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { describe, expect, it } from 'vitest';
import { encodePrice, observe, type PairState, twap } from './twap.ts';

const UINT256 = 1n << 256n;

/** A V2 pair's accumulator, updated as `_update` does at each swap. */
class PairModel {
  state: PairState;
  constructor(reserveBase: bigint, reserveQuote: bigint, at: number, cumulativeLast = 0n) {
    this.state = { cumulativeLast, reserveBase, reserveQuote, blockTimestampLast: at % 2 ** 32 };
  }
  swap(at: number, reserveBase: bigint, reserveQuote: bigint) {
    this.state = {
      cumulativeLast: observe(this.state, at).cumulative,
      reserveBase,
      reserveQuote,
      blockTimestampLast: at % 2 ** 32,
    };
  }
}

describe('twap', () => {
  it('is the price itself when the price held the whole window', () => {
    const pair = new PairModel(1_000_000n * U, 100_000n * U, 1000);
    const a = observe(pair.state, 1010);
    const b = observe(pair.state, 1070);
    // 0.1 has no exact UQ112x112 form: the average may fall one wei short, never more
    const avg = twap(a, b) ?? 0n;
    expect(avg).toBeLessThanOrEqual(U / 10n);
    expect(avg).toBeGreaterThanOrEqual(U / 10n - 1n);
    expect(twap(observe(pair.state, 1010), observe(pair.state, 1011))).toBe(avg);
  });

  it('weights each price by the seconds it held', () => {
    const pair = new PairModel(4n * U, 2n * U, 0); // 0.5
    const open = observe(pair.state, 0);
    pair.swap(15, 2n * U, 2n * U); // 1.0 for the last 45 s
    const close = observe(pair.state, 60);
    expect(twap(open, close)).toBe(((U / 2n) * 15n + U * 45n) / 60n);
  });

  it('a swap in the last second moves the average by a sixtieth of its move', () => {
    const pair = new PairModel(4n * U, 2n * U, 0);
    const open = observe(pair.state, 0);
    pair.swap(59, 2n * U, 2n * U); // doubles the spot one second before the close
    const close = observe(pair.state, 60);
    expect(close.spot).toBe(U);
    expect(twap(open, close)).toBe(((U / 2n) * 59n + U) / 60n);
  });

  it('a swap in the very block of the close does not count at all', () => {
    const pair = new PairModel(4n * U, 2n * U, 0);
    const open = observe(pair.state, 0);
    pair.swap(60, 4n * U, 3n * U);
    expect(twap(open, observe(pair.state, 60))).toBe(U / 2n);
  });

  it('survives the wrap of the accumulator at 2^256 and of the uint32 timestamp', () => {
    const start = 2 ** 32 - 20;
    const pair = new PairModel(4n * U, 2n * U, start, UINT256 - encodePrice(2n * U, 4n * U) * 5n);
    const open = observe(pair.state, start);
    pair.swap(start + 30, 2n * U, 2n * U);
    const close = observe(pair.state, start + 60);
    expect(close.cumulative).toBeLessThan(open.cumulative);
    expect(twap(open, close)).toBe(((U / 2n) * 30n + U * 30n) / 60n);
  });

  it('with no time between the observations answers the later spot, out of order nothing', () => {
    const pair = new PairModel(4n * U, 2n * U, 0);
    const a = observe(pair.state, 100);
    expect(twap(a, a)).toBe(U / 2n);
    expect(twap(observe(pair.state, 101), a)).toBeNull();
  });

  it('refuses an empty pair', () => {
    expect(() =>
      observe({ cumulativeLast: 0n, reserveBase: 0n, reserveQuote: 1n, blockTimestampLast: 0 }, 1),
    ).toThrow(RangeError);
  });
});
