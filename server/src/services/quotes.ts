// Prices: FREE (and FCC when it has a pair) from the DEX reserves on chain, other symbols from the
// quotes table (filled by `npm run ops -- quote:set`); snapshots give the 24 h change.

import { uniswapV2FactoryAbi, uniswapV2PairAbi } from '@free/protocol/abi/index';
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { DAY_MS } from '@free/protocol/constants';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { type Address, getAddress, type PublicClient, zeroAddress } from 'viem';
import type { DexAddresses } from '../chain/client.ts';
import type { Executor } from '../db/client.ts';
import { quoteSnapshots, quotes } from '../db/schema/index.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { observe, type PairObservation } from '../lib/twap.ts';
import { notifyPublic } from './events.ts';
import { getSetting } from './settings.ts';

/** Price of one FREE in USDT, 1e18 fixed point. Injectable: tests give a fixed or scripted one. */
export type PriceSource = () => Promise<bigint>;

/** USDT per `base` from a V2 pair's reserves (1e18 fixed point, rounded down). */
export async function readPairPrice(client: PublicClient, pair: Address, base: Address): Promise<bigint> {
  const [token0, reserves] = await Promise.all([
    client.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'token0' }),
    client.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'getReserves' }),
  ]);
  const [r0, r1] = [BigInt(reserves[0]), BigInt(reserves[1])];
  const baseIs0 = getAddress(token0) === getAddress(base);
  const [rBase, rQuote] = baseIs0 ? [r0, r1] : [r1, r0];
  if (rBase === 0n) throw new AppError(ErrorCode.ChainUnavailable, undefined, 'empty pair');
  return (rQuote * U) / rBase;
}

/**
 * Observations of FREE's cumulative price (USDT per FREE) for time-weighted averages; `now` is the
 * caller's clock. Injectable: tests give a scripted one.
 */
export type OracleSource = (now: Date) => Promise<PairObservation>;

/**
 * The pair's cumulative price for `base` at the later of the latest block's time and `now`, read
 * in one block (UniswapV2OracleLibrary.currentCumulativePrices, off chain). Counting the current
 * price up to `now` is exact while no block has come since the one read: a chain that mines only
 * on demand (anvil) still sees the time pass.
 */
export async function readPairObservation(
  client: PublicClient,
  pair: Address,
  base: Address,
  now: Date,
): Promise<PairObservation> {
  const block = await client.getBlock();
  const at = { address: pair, abi: uniswapV2PairAbi, blockNumber: block.number } as const;
  const [token0, reserves, c0, c1] = await Promise.all([
    client.readContract({ ...at, functionName: 'token0' }),
    client.readContract({ ...at, functionName: 'getReserves' }),
    client.readContract({ ...at, functionName: 'price0CumulativeLast' }),
    client.readContract({ ...at, functionName: 'price1CumulativeLast' }),
  ]);
  const baseIs0 = getAddress(token0) === getAddress(base);
  const [r0, r1] = [BigInt(reserves[0]), BigInt(reserves[1])];
  if (r0 === 0n || r1 === 0n) throw new AppError(ErrorCode.ChainUnavailable, undefined, 'empty pair');
  const seconds = Math.max(Number(block.timestamp), Math.floor(now.getTime() / 1000));
  return observe(
    {
      // price0 is token1 per token0: the base's price in the quote when the base is token0
      cumulativeLast: baseIs0 ? c0 : c1,
      reserveBase: baseIs0 ? r0 : r1,
      reserveQuote: baseIs0 ? r1 : r0,
      blockTimestampLast: Number(reserves[2]),
    },
    seconds,
  );
}

/** FREE's cumulative price from the FREE/USDT pair (prediction rounds). */
export function dexFreeOracle(client: PublicClient, d: DexAddresses): OracleSource {
  return async (now) => {
    try {
      return await readPairObservation(client, d.pair, d.free, now);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError(ErrorCode.ChainUnavailable, undefined, (err as Error).message);
    }
  };
}

/** FREE's price read from the FREE/USDT pair on every call (rounds, pool burns). */
export function dexFreePrice(client: PublicClient, d: DexAddresses): PriceSource {
  return async () => {
    try {
      return await readPairPrice(client, d.pair, d.free);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError(ErrorCode.ChainUnavailable, undefined, (err as Error).message);
    }
  };
}

/** FCC's price from its USDT pair, or null when the factory has none. */
export async function dexFccPrice(client: PublicClient, d: DexAddresses): Promise<bigint | null> {
  const pair = await client.readContract({
    address: d.factory,
    abi: uniswapV2FactoryAbi,
    functionName: 'getPair',
    args: [d.fcc, d.usdt],
  });
  if (pair === zeroAddress) return null;
  return readPairPrice(client, pair, d.fcc);
}

/** The last price written for `symbol` (USDT, 1e18), or null while none is known. */
export async function quotedPrice(db: Executor, symbol: string): Promise<bigint | null> {
  const [q] = await db.select({ price: quotes.price }).from(quotes).where(eq(quotes.symbol, symbol)).limit(1);
  return q && q.price > 0n ? q.price : null;
}
/** Sets a symbol's latest price (manual quotes from ops, DEX quotes from the job). */
export async function setQuote(
  db: Executor,
  q: { symbol: string; name?: string; price: bigint; source: 'dex' | 'config' | 'manual'; now: Date },
): Promise<{ symbol: string; price: bigint }> {
  if (q.price < 0n) throw new AppError(ErrorCode.InvalidAmount, 'price');
  const symbol = q.symbol.toUpperCase();
  await db
    .insert(quotes)
    // FREE and FCC lead the list; other symbols follow alphabetically
    .values({
      symbol,
      name: q.name ?? symbol,
      price: q.price,
      source: q.source,
      updatedAt: q.now,
      sort: symbol === 'FREE' ? 0 : symbol === 'FCC' ? 1 : 10,
    })
    .onConflictDoUpdate({
      target: quotes.symbol,
      set: { price: q.price, source: q.source, updatedAt: q.now, ...(q.name ? { name: q.name } : {}) },
    });
  return { symbol, price: q.price };
}

/** Snapshot of every symbol when its last one is older than `everyMs`; returns how many were taken. */
export async function snapshotQuotes(db: Executor, now: Date, everyMs: number): Promise<number> {
  const res = await db.execute(sql`INSERT INTO quote_snapshots (symbol, price, taken_at)
    SELECT q.symbol, q.price, ${now} FROM quotes q
    WHERE NOT EXISTS (SELECT 1 FROM quote_snapshots s WHERE s.symbol = q.symbol AND s.taken_at > ${new Date(now.getTime() - everyMs)})
    RETURNING id`);
  return (res as { rows: unknown[] }).rows.length;
}

/**
 * Refreshes FREE (and FCC) from the chain, then snapshots. FCC without a pair takes the configured
 * price. A chain failure keeps the last prices (and still snapshots them).
 */
export async function refreshQuotes(
  db: Executor,
  src: { free?: PriceSource; fcc?: () => Promise<bigint | null> },
  now: Date,
): Promise<{ snapshots: number; errors: string[] }> {
  const cfg = await getSetting(db, 'product.quotes');
  const errors: string[] = [];
  if (src.free) {
    try {
      await setQuote(db, { symbol: 'FREE', name: 'FREE', price: await src.free(), source: 'dex', now });
    } catch (err) {
      errors.push(`FREE: ${(err as Error).message}`);
    }
  }
  let fcc: bigint | null = null;
  try {
    fcc = src.fcc ? await src.fcc() : null;
  } catch (err) {
    errors.push(`FCC: ${(err as Error).message}`);
  }
  await setQuote(db, {
    symbol: 'FCC',
    name: 'FCC',
    price: fcc ?? BigInt(cfg.fcc_price_wei),
    source: fcc === null ? 'config' : 'dex',
    now,
  });
  const snapshots = await snapshotQuotes(db, now, cfg.snapshot_every_ms);
  await notifyPublic(db, 'price');
  return { snapshots, errors };
}

/** Percent change with two decimals, rounded toward zero ("-1.25"); "0.00" without a base. */
export function changePercent(from: bigint, to: bigint): string {
  if (from <= 0n) return '0.00';
  const bp = ((to - from) * 10_000n) / from; // hundredths of a percent
  const neg = bp < 0n;
  const a = neg ? -bp : bp;
  return `${neg && a > 0n ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}

/** A symbol's latest price (wei of USDT per unit) and its 24 h change (`changePercent`). */
export type Quote = {
  symbol: string;
  name: string;
  price: bigint;
  /**
   * the change against the snapshot 24 h ago (or the oldest since): `changePercent`'s text, since
   * its two decimals rounded toward zero are part of the rule, not of the display
   */
  change24h: string;
  source: string;
  updatedAt: Date;
};

/** The quotes list: latest price and change against the snapshot 24 h ago (or the oldest since). */
export async function listQuotes(db: Executor, now: Date): Promise<Quote[]> {
  const rows = await db.select().from(quotes).orderBy(asc(quotes.sort), asc(quotes.symbol));
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const out: Quote[] = [];
  for (const q of rows) {
    const [before] = await db
      .select({ price: quoteSnapshots.price })
      .from(quoteSnapshots)
      .where(and(eq(quoteSnapshots.symbol, q.symbol), lte(quoteSnapshots.takenAt, dayAgo)))
      .orderBy(desc(quoteSnapshots.takenAt))
      .limit(1);
    const [since] = before
      ? [before]
      : await db
          .select({ price: quoteSnapshots.price })
          .from(quoteSnapshots)
          .where(and(eq(quoteSnapshots.symbol, q.symbol), gte(quoteSnapshots.takenAt, dayAgo)))
          .orderBy(asc(quoteSnapshots.takenAt))
          .limit(1);
    out.push({
      symbol: q.symbol,
      name: q.name,
      price: q.price,
      change24h: since ? changePercent(since.price, q.price) : '0.00',
      source: q.source,
      updatedAt: q.updatedAt,
    });
  }
  return out;
}
