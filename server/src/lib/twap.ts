// Time-weighted average prices from a Uniswap V2 pair's cumulative prices (the V2 oracle pattern).
// The pair adds `reserveQuote / reserveBase` (UQ112x112) times the seconds elapsed to its
// cumulative price at the first interaction of each block, so one swap moves the average only in
// proportion to how long its price held: a swap in the last block of a window barely counts.
// Pure bigint math, mirroring UniswapV2OracleLibrary.currentCumulativePrices.
import { WEI_PER_UNIT as U } from '@free/protocol/amount';

const Q112 = 1n << 112n;
const UINT32 = 1n << 32n;
const UINT256 = 1n << 256n;

/** One reading of a pair's price accumulator, for the base token priced in the quote token. */
export type PairObservation = {
  /** cumulative price (UQ112x112 seconds) as of `timestamp`, wrapping at 2^256 like the pair's */
  cumulative: bigint;
  /** seconds (unix) the cumulative is taken at */
  timestamp: number;
  /** the spot price at that time, 1e18 fixed point */
  spot: bigint;
};

/** The pair's state as read in one block: what `currentCumulativePrices` needs. */
export type PairState = {
  /** price{0,1}CumulativeLast of the base token (price0 when the base is token0) */
  cumulativeLast: bigint;
  reserveBase: bigint;
  reserveQuote: bigint;
  /** the pair's blockTimestampLast (uint32 seconds) */
  blockTimestampLast: number;
};

/** UQ112x112 encoding of quote/base, as FixedPoint.fraction does. */
export const encodePrice = (reserveQuote: bigint, reserveBase: bigint): bigint =>
  (reserveQuote * Q112) / reserveBase;

/** 1e18 fixed point from reserves (rounded down). */
export const spotPrice = (reserveQuote: bigint, reserveBase: bigint): bigint =>
  (reserveQuote * U) / reserveBase;

/**
 * The cumulative price at `now` (seconds): the stored cumulative plus the current price times the
 * seconds since the pair last updated, counterfactually, as if the pair were touched now.
 */
export function observe(state: PairState, now: number): PairObservation {
  if (state.reserveBase <= 0n || state.reserveQuote <= 0n) throw new RangeError('empty pair');
  const elapsed = (((BigInt(now) - BigInt(state.blockTimestampLast)) % UINT32) + UINT32) % UINT32;
  const cumulative =
    (state.cumulativeLast + encodePrice(state.reserveQuote, state.reserveBase) * elapsed) % UINT256;
  return { cumulative, timestamp: now, spot: spotPrice(state.reserveQuote, state.reserveBase) };
}

/**
 * The time-weighted average price (1e18 fixed point, rounded down) between two observations.
 * With no time between them the reserves could not have changed (no block), so the price is the
 * later spot. Null when `to` comes before `from` (observations out of order).
 */
export function twap(
  from: Pick<PairObservation, 'cumulative' | 'timestamp'>,
  to: PairObservation,
): bigint | null {
  const seconds = BigInt(to.timestamp - from.timestamp);
  if (seconds < 0n) return null;
  if (seconds === 0n) return to.spot;
  // the accumulator wraps at 2^256 by design: the difference is taken modulo 2^256
  const delta = (((to.cumulative - from.cumulative) % UINT256) + UINT256) % UINT256;
  return (delta * U) / (seconds * Q112);
}
