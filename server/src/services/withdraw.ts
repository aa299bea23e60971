// Withdrawal: validated, debited and queued in ONE transaction; the payout worker (jobs/payout.ts)
// signs it into the hot-wallet outbox (jobs/hot-wallet.ts), whose events move it through
// withdrawalOwner; a failed one is refunded exactly once through refundWithdrawal. Every change of
// state goes through moveWithdrawal, which checks protocol's WITHDRAW_TRANSITIONS. Two coins: USDT from the
// wallet balance, FREE from the airdrop balance, each with its own limits (registry settings): a
// minimum and a maximum per withdrawal, a daily cap per user and for the platform (per coin), and a
// review threshold: the withdrawal that takes the user's day (per coin) above it waits in `review`
// until an operator approves or rejects it.

import type { WithdrawCoin, WithdrawState } from '@free/protocol/api/wallet';
import { DAY_MS } from '@free/protocol/constants';
import {
  WITHDRAW_CAPPED_STATES,
  WITHDRAW_OWED_STATES,
  WITHDRAW_RULES,
  WITHDRAW_TRANSITIONS,
} from '@free/protocol/withdraw';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Hex } from 'viem';
import { type DbHandle, type Executor, rowsOf, type Tx } from '../db/client.ts';
import { countRows } from '../db/count.ts';
import { withdrawals } from '../db/schema/index.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { checksum } from '../lib/format.ts';
import { defineCommand, parseMoney, requestKey } from './command.ts';
import { notifyUsers } from './events.ts';
import { requireBalance, systemAccount, transfer, type UserAccountName, userAccount } from './ledger.ts';
import type { Settings } from './settings.ts';

/** A withdrawal as stored: amount in wei, times as Dates, its state (routes/user/wallet.ts answers it). */
export type Withdrawal = typeof withdrawals.$inferSelect;

export type ApplyInput = {
  userId: number;
  /** the user's own address: the only destination (the bound wallet) */
  userAddress: string;
  amount: string;
  coin: WithdrawCoin;
  idempotencyKey?: string | undefined;
  now: Date;
};

const ROUTE = 'withdraw/apply';

/** The balance a coin is withdrawn from (and refunded to): protocol's WITHDRAW_RULES. */
export const WITHDRAW_SOURCE = Object.fromEntries(
  Object.entries(WITHDRAW_RULES).map(([coin, r]) => [coin, r.source]),
) as Record<WithdrawCoin, UserAccountName>;

type WeiLimit = bigint | undefined;
export type WithdrawLimits = {
  min: bigint;
  max: WeiLimit;
  userDaily: WeiLimit;
  platformDaily: WeiLimit;
  reviewAbove: WeiLimit;
};

const limit = (v: string | null): WeiLimit => (v === null ? undefined : BigInt(v));

/** One coin's withdrawal limits from the settings registry, at the keys protocol's WITHDRAW_RULES names. */
export function withdrawLimits(settings: Settings, coin: WithdrawCoin): WithdrawLimits {
  const k = WITHDRAW_RULES[coin].limits;
  return {
    min: BigInt(settings[k.min]),
    max: limit(settings[k.max]),
    userDaily: limit(settings[k.userDaily]),
    platformDaily: limit(settings[k.platformDaily]),
    reviewAbove: limit(settings[k.reviewAbove]),
  };
}

/** Every coin's withdrawal limits, in protocol's WITHDRAW_RULES order (the config answer's, views/withdraw-limits.ts). */
export function withdrawLimitsByCoin(s: Settings): Record<WithdrawCoin, WithdrawLimits> {
  return Object.fromEntries(
    Object.keys(WITHDRAW_RULES).map((coin) => [coin, withdrawLimits(s, coin as WithdrawCoin)]),
  ) as Record<WithdrawCoin, WithdrawLimits>;
}

export const applyWithdrawal = defineCommand((input: ApplyInput) => ({
  module: 'withdraw',
  userId: input.userId,
  route: ROUTE,
  idempotencyKey: input.idempotencyKey,
  parse: (settings) => {
    const l = withdrawLimits(settings, input.coin);
    return {
      amount: parseMoney(input.amount, { kind: 'withdraw', min: l.min, max: l.max }),
      caps: { user: l.userDaily, platform: l.platformDaily },
      review: l.reviewAbove,
    };
  },
  content: ({ amount }) => ({ amount: amount.toString(), coin: input.coin }),
  run: async (tx, { amount, caps, review }) => {
    const source = userAccount(input.userId, WITHDRAW_SOURCE[input.coin]);
    // refused before the caps, with the coin's own text (FREE: "Free balance insufficient")
    await requireBalance(tx, source, input.coin, amount);
    const dayBefore = await assertDailyCaps(tx, input.userId, input.coin, amount, input.now, caps, review);
    const ledgerKey = requestKey('withdraw', input.userId, input.idempotencyKey);
    const [row] = await tx
      .insert(withdrawals)
      .values({
        userId: input.userId,
        asset: input.coin,
        amount,
        toAddress: checksum(input.userAddress),
        // by the day, not by the withdrawal: the one that takes the user's day past it waits
        state: review !== undefined && dayBefore + amount > review ? 'review' : 'queued',
        ledgerKey,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    if (!row) throw new Error('withdrawal insert returned nothing');
    await transfer(tx, {
      key: ledgerKey,
      from: source,
      to: systemAccount('payout'),
      asset: input.coin,
      amount,
      kind: 'withdraw',
      ref: `withdrawal:${row.id}`,
    });
    return row;
  },
}));

/**
 * The withdrawals the hot wallet may still have to pay (protocol's WITHDRAW_OWED_STATES): the one
 * condition reconciliation counts as owed and the burn job keeps FREE back for. A failed
 * withdrawal is refunded in the transaction that fails it, so it is owed through the balance.
 */
export const owedWithdrawal: SQL = inArray(withdrawals.state, [...WITHDRAW_OWED_STATES]) as SQL;

/** What the owed withdrawals of `coin` add up to, in wei. */
export async function owedWithdrawalTotal(db: Executor, coin: WithdrawCoin): Promise<bigint> {
  const [owed] = await db
    .select({ s: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(and(eq(withdrawals.asset, coin), owedWithdrawal));
  return BigInt(owed?.s ?? '0');
}

const WITHDRAW_CAP_LOCK = 0x77647263; // 'wdrc': one withdrawal at a time checks and takes the caps

/**
 * Refuses when today's (UTC day of `now`) withdrawals of this coin not given back (protocol's
 * WITHDRAW_CAPPED_STATES), plus this one,
 * would pass the user's or the platform's daily cap of the coin. Serialised by a transaction lock so that two concurrent
 * withdrawals cannot both fit under the same remaining cap (nor both stay under the review
 * threshold). Returns the user's withdrawals of the coin today before this one.
 */
async function assertDailyCaps(
  tx: Tx,
  userId: number,
  coin: WithdrawCoin,
  amount: bigint,
  now: Date,
  caps: { user: bigint | undefined; platform: bigint | undefined },
  review: bigint | undefined,
): Promise<bigint> {
  if (caps.user === undefined && caps.platform === undefined && review === undefined) return 0n;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${WITHDRAW_CAP_LOCK})`);
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const dayEnd = new Date(dayStart.getTime() + DAY_MS);
  const [r] = rowsOf<{ mine: string; all: string }>(
    await tx.execute(sql`SELECT
        coalesce(sum(amount) FILTER (WHERE user_id = ${userId}), 0)::text AS mine,
        coalesce(sum(amount), 0)::text AS all
      FROM withdrawals
      WHERE asset = ${coin} AND created_at >= ${dayStart.toISOString()}::timestamptz AND created_at < ${dayEnd.toISOString()}::timestamptz
        AND ${inArray(withdrawals.state, [...WITHDRAW_CAPPED_STATES])}`),
  );
  if (caps.user !== undefined && BigInt(r?.mine ?? '0') + amount > caps.user)
    throw new AppError(ErrorCode.WithdrawDailyLimit, 'amount');
  if (caps.platform !== undefined && BigInt(r?.all ?? '0') + amount > caps.platform)
    throw new AppError(ErrorCode.WithdrawPlatformLimit, 'amount');
  return BigInt(r?.mine ?? '0');
}

/** A withdrawal an operator cannot move from its state (not found, or not in review). */
export class WithdrawalStateError extends Error {
  override name = 'WithdrawalStateError';
  constructor(
    message: string,
    readonly id: number,
    /** the state it is in; null when there is no such withdrawal */
    readonly state: string | null,
  ) {
    super(message);
  }
}

/** An operator approves a withdrawal in review: it is queued and the payout worker pays it. */
export async function approveWithdrawal(db: DbHandle, id: number, now: Date): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const w = await moveWithdrawal(tx, id, 'queued', { from: ['review'], now });
    if (!w) throw await notInReview(tx, id, 'approved');
    return w;
  });
}

/** A reject refused because the withdrawal may have been paid on chain (`why` says what was found). */
export class WithdrawalMayBePaidError extends Error {
  override name = 'WithdrawalMayBePaidError';
  constructor(
    readonly id: number,
    readonly why: string,
    /** refused because nothing could be checked: no chain connection */
    readonly noChain = false,
  ) {
    super(`withdrawal ${id} may have been paid on chain (${why}); not rejected`);
  }
}

/**
 * Closes the withdrawal's open hot-wallet transaction in the reject's database transaction, only on
 * proof that it was not and cannot be mined (jobs/hot-wallet.ts closeUnmined); returns why not.
 */
export type OutboxCloser = (tx: Tx, withdrawalId: number, why: string) => Promise<string | null>;

/**
 * An operator rejects a withdrawal in review (or still queued, or unresolved once the chain proves
 * it was not paid): it fails with the reason shown to the user and its money goes back once
 * (refundWithdrawal, ledger key `withdraw_refund:<id>`). An unresolved one needs `closeOutbox` (the
 * chain): without it, or while any version of its payout may be mined, the reject is refused.
 */
export async function rejectWithdrawal(
  db: DbHandle,
  id: number,
  reason: string,
  now: Date,
  closeOutbox?: OutboxCloser,
): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ state: withdrawals.state })
      .from(withdrawals)
      .where(eq(withdrawals.id, id));
    if (before?.state === 'unresolved') {
      if (!closeOutbox)
        throw new WithdrawalMayBePaidError(id, 'no chain connection to prove it unpaid', true);
      const why = await closeOutbox(tx, id, `withdrawal rejected by operator: ${reason}`);
      if (why !== null) throw new WithdrawalMayBePaidError(id, why);
    }
    const w = await moveWithdrawal(tx, id, 'failed', {
      // an unresolved one only as read above: its transaction was closed with it
      from: before?.state === 'unresolved' ? ['unresolved'] : ['review', 'queued'],
      set: { failReason: 'rejected by operator', rejectReason: reason, hold: null },
      now,
    });
    if (!w) throw await notInReview(tx, id, 'rejected');
    await refundWithdrawal(tx, id, now);
    const [after] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id));
    if (!after) throw new Error(`withdrawal ${id} vanished`);
    return after;
  });
}

async function notInReview(tx: Tx, id: number, what: string): Promise<WithdrawalStateError> {
  const [w] = await tx.select({ state: withdrawals.state }).from(withdrawals).where(eq(withdrawals.id, id));
  return new WithdrawalStateError(
    w
      ? `withdrawal ${id} is ${w.state}; only one in review${what === 'rejected' ? ', queued or unresolved' : ''} can be ${what}`
      : `withdrawal ${id} not found`,
    id,
    w?.state ?? null,
  );
}

/**
 * Gives a failed withdrawal's money back, exactly once (ledger key `withdraw_refund:<id>` and the
 * state change in one transaction). Only `failed` withdrawals are refunded; a refunded one is a no-op.
 */
export async function refundWithdrawal(tx: Tx, withdrawalId: number, now: Date): Promise<boolean> {
  const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for('update');
  if (!w) throw new Error(`withdrawal ${withdrawalId} not found`);
  if (w.state === 'refunded') return false;
  if (w.state !== 'failed') throw new Error(`withdrawal ${withdrawalId} is ${w.state}, not failed`);
  await transfer(tx, {
    key: `withdraw_refund:${w.id}`,
    from: systemAccount('payout'),
    to: userAccount(w.userId, WITHDRAW_SOURCE[w.asset as WithdrawCoin]),
    asset: w.asset as WithdrawCoin,
    amount: w.amount,
    kind: 'withdraw_refund',
    ref: `withdrawal:${w.id}`,
  });
  await moveWithdrawal(tx, w.id, 'refunded', { from: ['failed'], now });
  return true;
}

type WithdrawalSet = Partial<
  Pick<Withdrawal, 'chainNonce' | 'rawTx' | 'txHash' | 'failReason' | 'rejectReason' | 'confirmedAt' | 'hold'>
>;

/**
 * The one way a withdrawal changes state: locks it, checks the move against protocol's
 * WITHDRAW_TRANSITIONS (and `from`, when the caller allows fewer), writes it with `set`. Returns the
 * moved row, or null when its state does not allow the move (another pass moved it first).
 */
export async function moveWithdrawal(
  tx: Tx,
  id: number,
  to: WithdrawState,
  opts: { from?: readonly WithdrawState[]; set?: WithdrawalSet; now: Date },
): Promise<Withdrawal | null> {
  const [w] = await tx
    .select({ state: withdrawals.state })
    .from(withdrawals)
    .where(eq(withdrawals.id, id))
    .for('update');
  if (!w) return null;
  if (!WITHDRAW_TRANSITIONS[w.state].includes(to)) return null;
  if (opts.from && !opts.from.includes(w.state)) return null;
  const [moved] = await tx
    .update(withdrawals)
    .set({ ...opts.set, state: to, updatedAt: opts.now })
    .where(eq(withdrawals.id, id))
    .returning();
  // the withdrawal's record (and, once paid, the wallet's on-chain balance) changed for its owner
  if (moved) await notifyUsers(tx, [moved.userId], ['wallet']);
  return moved ?? null;
}

/** A failed withdrawal with its money given back (reverted, nonce replaced, or no token contract). */
export async function failAndRefund(tx: Tx, id: number, reason: string, now: Date): Promise<boolean> {
  const failed = await moveWithdrawal(tx, id, 'failed', { set: { failReason: reason.slice(0, 500) }, now });
  if (!failed) return false;
  return refundWithdrawal(tx, id, now);
}

/** The withdrawal's side of its hot-wallet transaction (jobs/hot-wallet.ts). */
export const withdrawalOwner = {
  signed: async (
    tx: Tx,
    id: number,
    v: { nonce: number; raw: Hex; hash: Hex; first: boolean },
    now: Date,
  ) => {
    if (v.first) {
      // no longer waiting for funds
      await moveWithdrawal(tx, id, 'signed', {
        set: { chainNonce: v.nonce, rawTx: v.raw, txHash: v.hash, hold: null },
        now,
      });
    } else {
      // a re-sign keeps the state: the user sees the hash of the current version
      await tx
        .update(withdrawals)
        .set({ rawTx: v.raw, txHash: v.hash, updatedAt: now })
        .where(eq(withdrawals.id, id));
    }
  },
  sent: async (tx: Tx, id: number, now: Date) => {
    await moveWithdrawal(tx, id, 'broadcast', { from: ['signed'], now });
  },
  confirmed: async (tx: Tx, id: number, v: { hash: Hex; raw: Hex }, now: Date) => {
    const moved = await moveWithdrawal(tx, id, 'confirmed', {
      set: { txHash: v.hash, rawTx: v.raw, confirmedAt: now, hold: null },
      now,
    });
    if (moved) return undefined;
    const [w] = await tx.select({ state: withdrawals.state }).from(withdrawals).where(eq(withdrawals.id, id));
    if (w?.state !== 'refunded' && w?.state !== 'failed') return undefined;
    // paid twice: the refund stands in the ledger and the tokens left the hot wallet; kept on the
    // withdrawal for the console and reconcile (services/reconcile.ts)
    await tx
      .update(withdrawals)
      .set({ hold: { kind: 'paid_after_refund', txHash: v.hash }, updatedAt: now })
      .where(eq(withdrawals.id, id));
    return `withdrawal ${id} was refunded, but its payout ${v.hash} is confirmed on chain: the user was paid twice`;
  },
  atFeeCeiling: async (tx: Tx, id: number, v: { maxFeePerGas: bigint; versions: number }, now: Date) => {
    await tx
      .update(withdrawals)
      .set({
        hold: { kind: 'fee_ceiling', maxFeePerGas: v.maxFeePerGas.toString(), versions: v.versions },
        updatedAt: now,
      })
      .where(eq(withdrawals.id, id));
  },
  failed: async (tx: Tx, id: number, reason: string, now: Date) => {
    await failAndRefund(tx, id, reason, now);
  },
  unresolved: async (tx: Tx, id: number, reason: string, now: Date) => {
    await moveWithdrawal(tx, id, 'unresolved', { set: { failReason: reason.slice(0, 500) }, now });
  },
};

export async function listWithdrawals(db: Executor, userId: number, page: number, size: number) {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.id))
    .limit(size)
    .offset((page - 1) * size);
  const count = await countRows(db, withdrawals, eq(withdrawals.userId, userId));
  return { list: rows, total: count, page, size };
}

/** Every user's withdrawals, newest first, optionally in one state (the operators' list). */
export async function recentWithdrawals(
  db: Executor,
  state: WithdrawState | undefined,
  limit: number,
): Promise<Withdrawal[]> {
  return db
    .select()
    .from(withdrawals)
    .where(state ? eq(withdrawals.state, state) : undefined)
    .orderBy(desc(withdrawals.id))
    .limit(limit);
}
