// Presale: a user buys a FREE allocation with USDT from the wallet balance at the configured price,
// within the total quota and a personal limit; the allocation unlocks linearly like an airdrop (the
// settlement's unlock step releases it to the wallet, kind presale_unlock).
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { DAY_MS } from '@free/protocol/constants';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { grantAllocation } from './airdrop.ts';
import { defineCommand, parseMoney, requestKey } from './command.ts';
import { requireWallet, systemAccount, transfer, userAccount } from './ledger.ts';
import { getSettings, isModuleOpen, type Settings } from './settings.ts';

type PresaleConfig = Settings['product.presale'];

/** FREE bought for `usdt` at `price` (USDT per FREE, 1e18): rounded down, never over-allocated. */
export const freeForUsdt = (usdt: bigint, price: bigint): bigint => (usdt * U) / price;

async function presaleTotals(db: Executor, userId: number): Promise<{ sold: bigint; mine: bigint }> {
  const [r] = rowsOf<{ sold: string; mine: string }>(
    await db.execute(sql`SELECT coalesce(sum(total), 0)::text AS sold,
      coalesce(sum(total) FILTER (WHERE user_id = ${userId}), 0)::text AS mine
      FROM token_allocations WHERE kind = 'presale'`),
  );
  return { sold: BigInt(r?.sold ?? '0'), mine: BigInt(r?.mine ?? '0') };
}

/** The presale's terms and figures for one user: prices, quotas and limits in wei. */
export type PresaleInfo = {
  open: boolean;
  price: bigint;
  quota: bigint;
  sold: bigint;
  remaining: bigint;
  maxPerUser: bigint;
  mine: bigint;
  minUsdt: bigint;
  maxUsdt: bigint;
  unlockAfterDays: number;
  unlockDays: number;
};

export async function presaleInfo(db: Executor, userId: number): Promise<PresaleInfo> {
  const s = await getSettings(db);
  const cfg = s['product.presale'];
  const { sold, mine } = await presaleTotals(db, userId);
  const quota = BigInt(cfg.quota_wei);
  return {
    open: isModuleOpen(s, 'presale'),
    price: BigInt(cfg.price_usdt_wei),
    quota,
    sold,
    remaining: quota > sold ? quota - sold : 0n,
    maxPerUser: BigInt(cfg.max_per_user_wei),
    mine,
    minUsdt: BigInt(cfg.min_usdt_wei),
    maxUsdt: BigInt(cfg.max_usdt_wei),
    unlockAfterDays: cfg.unlock_after_days,
    unlockDays: cfg.unlock_days,
  };
}

/** A presale purchase: the FREE allocated and the USDT paid (wei), and when the allocation unlocks. */
export type PresaleBought = {
  allocationId: number;
  free: bigint;
  paidUsdt: bigint;
  unlockAt: Date;
  endAt: Date;
};

/**
 * Buys a presale allocation: in one transaction (serialised with every other presale purchase, so
 * the quota cannot be oversold) the USDT moves from the wallet to `system:fees` (kind presale_buy)
 * and the FREE allocation is granted, unlocking from now + unlock_after_days over unlock_days.
 */
export const buyPresale = defineCommand(
  (input: { userId: number; amount: string; idempotencyKey?: string; now: Date }) => ({
    module: 'presale',
    userId: input.userId,
    route: 'presale/buy',
    idempotencyKey: input.idempotencyKey,
    parse: (s) => {
      const cfg: PresaleConfig = s['product.presale'];
      const usdt = parseMoney(input.amount, {
        kind: 'invest',
        min: BigInt(cfg.min_usdt_wei),
        max: BigInt(cfg.max_usdt_wei),
      });
      const free = freeForUsdt(usdt, BigInt(cfg.price_usdt_wei));
      if (free <= 0n) throw new AppError(ErrorCode.BelowMinimum, 'amount');
      return { cfg, usdt, free };
    },
    content: ({ usdt }) => ({ amount: usdt.toString() }),
    run: async (tx, { cfg, usdt, free }): Promise<PresaleBought> => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('free:presale'))`);
      await requireWallet(tx, input.userId, 'USDT', usdt);
      const { sold, mine } = await presaleTotals(tx, input.userId);
      if (sold + free > BigInt(cfg.quota_wei)) throw new AppError(ErrorCode.PresaleSoldOut, 'amount');
      if (mine + free > BigInt(cfg.max_per_user_wei))
        throw new AppError(ErrorCode.PresaleUserLimit, 'amount');
      const key = requestKey('presale', input.userId, input.idempotencyKey);
      const unlockAt = new Date(input.now.getTime() + cfg.unlock_after_days * DAY_MS);
      const endAt = new Date(unlockAt.getTime() + cfg.unlock_days * DAY_MS);
      const allocationId = await grantAllocation(tx, {
        userId: input.userId,
        kind: 'presale',
        total: free,
        unlockAt,
        endAt,
        ref: key,
        paidUsdt: usdt,
      });
      await transfer(tx, {
        key: `${key}:pay`,
        from: userAccount(input.userId, 'wallet'),
        to: systemAccount('fees'),
        asset: 'USDT',
        amount: usdt,
        kind: 'presale_buy',
        ref: `presale:${allocationId}`,
      });
      return { allocationId, free, paidUsdt: usdt, unlockAt, endAt };
    },
  }),
);
