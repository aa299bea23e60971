// Chain pool (yield swap / public-chain mining pool): USDT contributions from the off-chain
// balance, each burning burn_bps of its value in FREE at the DEX price; levels by total contributed.
// The pool's daily income (jobs/settlement.ts, step `pool`) lands in the contributors' mining pool
// balance, which its owner moves to the wallet (collectPool).
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { countRows } from '../db/count.ts';
import { contributions, ledgerEntries, poolOrders } from '../db/schema/index.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { recordOffchainBurn } from './burn.ts';
import { defineCommand, parseMoney, requestKey } from './command.ts';
import { KIND } from './income-kinds.ts';
import { getBalance, requireWallet, systemAccount, transfer, userAccount } from './ledger.ts';
import type { PriceSource } from './quotes.ts';
import { getSetting } from './settings.ts';
import { teamInfo } from './team.ts';

const BPS = 10_000n;

/** Level reached with a total contribution: how many level minimums it meets (0 = none). */
export const levelFor = (total: bigint, levels: readonly string[]): number =>
  levels.filter((min) => total >= BigInt(min)).length;

/** FREE to burn for a USDT value at a price (USDT per FREE, 1e18): rounded up, never under-charged. */
export const freeForValue = (valueWei: bigint, priceWei: bigint): bigint => {
  if (priceWei <= 0n) throw new AppError(ErrorCode.ChainUnavailable, undefined, 'no FREE price');
  return (valueWei * U + priceWei - 1n) / priceWei;
};

/** A chain-pool order as stored: one per contribution, with the burn it took. */
export type PoolOrder = typeof poolOrders.$inferSelect;

/** What collectPool moved (USDT wei) and the two balances after the move. */
export type PoolCollected = { moved: bigint; pool: bigint; wallet: bigint };

async function totalOf(db: Executor, userId: number): Promise<bigint> {
  const [r] = await db
    .select({ s: sql<string>`coalesce(sum(${contributions.amount}), 0)::text` })
    .from(contributions)
    .where(eq(contributions.userId, userId));
  return BigInt(r?.s ?? '0');
}

export const contribute = defineCommand(
  (input: {
    userId: number;
    amount: string;
    idempotencyKey?: string | undefined;
    now: Date;
    price: PriceSource;
  }) => ({
    module: 'chain_pool',
    userId: input.userId,
    route: 'pool/contribute',
    idempotencyKey: input.idempotencyKey,
    parse: async (s) => {
      const amount = parseMoney(input.amount, { kind: 'invest' });
      const cfg = s['product.pool'];
      const price = await input.price();
      const burnValue = (amount * BigInt(cfg.burn_bps)) / BPS;
      const freeBurn = burnValue > 0n ? freeForValue(burnValue, price) : 0n;
      return { amount, cfg, price, burnValue, freeBurn };
    },
    content: ({ amount }) => ({ amount: String(amount) }),
    run: async (tx, { amount, cfg, price, burnValue, freeBurn }) => {
      const wallet = userAccount(input.userId, 'wallet');
      await requireWallet(tx, input.userId, 'USDT', amount);
      await requireWallet(tx, input.userId, 'FREE', freeBurn);
      const total = (await totalOf(tx, input.userId)) + amount;
      const level = levelFor(total, cfg.levels);
      const [c] = await tx
        .insert(contributions)
        .values({ userId: input.userId, amount, freeBurned: freeBurn, level, createdAt: input.now })
        .returning();
      if (!c) throw new Error('contribution insert returned nothing');
      const key = requestKey('pool', input.userId, input.idempotencyKey);
      await transfer(tx, {
        key: `${key}:usdt`,
        from: wallet,
        to: systemAccount('fees'),
        asset: 'USDT',
        amount,
        kind: 'pool_contribute',
        ref: `contribution:${c.id}`,
      });
      if (freeBurn > 0n) {
        await transfer(tx, {
          key: `${key}:burn`,
          from: wallet,
          to: systemAccount('fees'),
          asset: 'FREE',
          amount: freeBurn,
          kind: 'pool_burn',
          ref: `contribution:${c.id}`,
        });
        // burned on chain by the burn job, like ignition and balance-stake fees
        await recordOffchainBurn(tx, {
          userId: input.userId,
          type: 'pool_burn',
          level: (await teamInfo(tx, input.userId, input.now)).level,
          free: freeBurn,
          usdt: burnValue,
          ref: `pool_burn:${c.id}`,
        });
      }
      const [o] = await tx
        .insert(poolOrders)
        .values({
          userId: input.userId,
          contributionId: c.id,
          amount,
          burnValue,
          freeBurned: freeBurn,
          freePrice: price,
          levelAfter: level,
          createdAt: input.now,
        })
        .returning();
      if (!o) throw new Error('pool order insert returned nothing');
      return o;
    },
  }),
);

/** A chain-pool contribution as stored. */
export type Contribution = typeof contributions.$inferSelect;

/** A page of the user's chain-pool contributions, newest first. */
export async function contributionsOf(db: Executor, userId: number, page: number, size: number) {
  const mine = eq(contributions.userId, userId);
  const rows = await db
    .select()
    .from(contributions)
    .where(mine)
    .orderBy(desc(contributions.id))
    .limit(size)
    .offset((page - 1) * size);
  return { list: rows, total: await countRows(db, contributions, mine), page, size };
}

/** The user's total contribution (wei), level and the total of the next level, with a page of contributions. */
export type MyContributions = Awaited<ReturnType<typeof myContributions>>;
export type PoolStats = Awaited<ReturnType<typeof poolStats>>;

export async function myContributions(db: Executor, userId: number, page: number, size: number) {
  const cfg = await getSetting(db, 'product.pool');
  const total = await totalOf(db, userId);
  const level = levelFor(total, cfg.levels);
  const next = cfg.levels[level];
  const p = await contributionsOf(db, userId, page, size);
  return {
    total,
    level,
    nextLevelAt: next ? BigInt(next) : null,
    list: p.list,
    count: p.total,
    page,
    size,
  };
}

/** A page of the user's pool orders, newest first. */
export async function poolOrdersOf(db: Executor, userId: number, page: number, size: number) {
  const rows = await db
    .select()
    .from(poolOrders)
    .where(eq(poolOrders.userId, userId))
    .orderBy(desc(poolOrders.id))
    .limit(size)
    .offset((page - 1) * size);
  const count = await countRows(db, poolOrders, eq(poolOrders.userId, userId));
  return { list: rows, total: count, page, size };
}

/** Pool totals (wei) and the pie by contribution class (each contributor's level by their total). */
export async function poolStats(db: Executor) {
  const cfg = await getSetting(db, 'product.pool');
  const perUser = rowsOf<{ total: string; burned: string }>(
    await db.execute(sql`SELECT sum(amount)::text AS total, sum(free_burned)::text AS burned
      FROM contributions GROUP BY user_id`),
  );
  const classes = Array.from({ length: cfg.levels.length + 1 }, (_, level) => ({
    level,
    min: level === 0 ? 0n : BigInt(cfg.levels[level - 1] ?? '0'),
    contributors: 0,
    amount: 0n,
  }));
  let total = 0n;
  let burned = 0n;
  for (const u of perUser) {
    const t = BigInt(u.total);
    total += t;
    burned += BigInt(u.burned);
    const c = classes[levelFor(t, cfg.levels)];
    if (c) {
      c.contributors += 1;
      c.amount += t;
    }
  }
  return {
    totalAmount: total,
    totalFreeBurned: burned,
    contributors: perUser.length,
    burnBps: cfg.burn_bps,
    incomeBps: cfg.income_bps,
    incomePaid: await poolIncomePaid(db),
    classes: classes.map((c) => ({
      level: c.level,
      min: c.min,
      contributors: c.contributors,
      amount: c.amount,
      /** share of the pool in basis points (rounded down) */
      shareBps: total > 0n ? Number((c.amount * BPS) / total) : 0,
    })),
  };
}

/**
 * Moves the whole USDT of the user's mining pool balance to the wallet, once per Idempotency-Key.
 * Allowed while the chain pool is closed: the balance is the user's own money. An empty pool
 * balance answers PoolBalanceEmpty and changes nothing.
 */
export const collectPool = defineCommand(
  (input: { userId: number; idempotencyKey?: string | undefined }) => ({
    module: 'chain_pool',
    exit: true,
    userId: input.userId,
    route: 'pool/collect',
    idempotencyKey: input.idempotencyKey,
    run: async (tx): Promise<PoolCollected> => {
      // the entry counter first (the lock order of every transfer): a concurrent collect waits
      // here and then reads the balance this one left, instead of trying to move it twice
      await tx.execute(sql`SELECT 1 FROM ledger_seqs WHERE user_id = ${input.userId} FOR UPDATE`);
      const pool = userAccount(input.userId, 'pool');
      const wallet = userAccount(input.userId, 'wallet');
      const amount = await getBalance(tx, pool, 'USDT');
      if (amount <= 0n) throw new AppError(ErrorCode.PoolBalanceEmpty);
      await transfer(tx, {
        key: requestKey('pool-collect', input.userId, input.idempotencyKey),
        from: pool,
        to: wallet,
        asset: 'USDT',
        amount,
        kind: KIND.poolCollect,
      });
      return {
        moved: amount,
        pool: await getBalance(tx, pool, 'USDT'),
        wallet: await getBalance(tx, wallet, 'USDT'),
      };
    },
  }),
);

/** Pool income paid so far (every contributor, USDT). */
async function poolIncomePaid(db: Executor): Promise<bigint> {
  const [r] = await db
    .select({ s: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.kind} = ${KIND.poolIncome} AND ${ledgerEntries.side} = 'credit'`);
  return BigInt(r?.s ?? '0');
}
