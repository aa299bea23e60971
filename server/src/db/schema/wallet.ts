// Withdrawals (payout outbox + state machine) and recharge orders (signed Payment orders).
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt, wei } from './_columns.ts';
import { users } from './users.ts';

export const WITHDRAWAL_STATES = [
  /** above the review threshold: waits for an operator (approve → queued, reject → failed → refunded) */
  'review',
  'queued',
  'signed',
  'broadcast',
  'confirmed',
  'failed',
  'refunded',
] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    asset: text('asset').notNull(),
    amount: wei('amount').notNull(),
    /** always the user's own (bound) address, checksummed */
    toAddress: text('to_address').notNull(),
    state: text('state', { enum: WITHDRAWAL_STATES }).notNull().default('queued'),
    /** ledger tx key of the debit */
    ledgerKey: text('ledger_key').notNull().unique(),
    /** hot-wallet nonce, the signed raw transaction and its hash, saved before broadcast */
    chainNonce: integer('chain_nonce'),
    rawTx: text('raw_tx'),
    txHash: text('tx_hash'),
    attempts: integer('attempts').notNull().default(0),
    failReason: text('fail_reason'),
    /** shown to the user: why an operator rejected the withdrawal in review */
    rejectReason: text('reject_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    confirmedAt: ts('confirmed_at'),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_state_idx').on(t.state, t.id),
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const RECHARGE_STATES = ['pending', 'paid', 'expired'] as const;

export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    /** bytes32 hex, the Payment contract's orderId */
    orderId: text('order_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    payer: text('payer').notNull(),
    token: text('token').notNull(),
    toAddress: text('to_address').notNull(),
    asset: text('asset').notNull(),
    amount: wei('amount').notNull(),
    burnBps: integer('burn_bps').notNull(),
    /** Payment.executorRewardBps when the order was made (unsigned: the paid figure is in the event) */
    executorRewardBps: integer('executor_reward_bps').notNull().default(0),
    endTime: ts('end_time').notNull(),
    signature: text('signature').notNull(),
    state: text('state', { enum: RECHARGE_STATES }).notNull().default('pending'),
    paidTxHash: text('paid_tx_hash'),
    /** amount the chain says arrived in Payment (before its burn and executor reward) */
    paidAmount: wei('paid_amount'),
    /** what reached the treasury and was credited: paid minus burned minus executor reward */
    creditedAmount: wei('credited_amount'),
    /** what Payment returned to the payer of this payment (the user's slippage profit) */
    executorReward: wei('executor_reward'),
    paidAt: ts('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('recharge_orders_user_idx').on(t.userId, t.createdAt),
    check('recharge_amount_positive', sql`${t.amount} > 0`),
    check(
      'recharge_credited_within_amount',
      sql`${t.creditedAmount} >= 0 AND ${t.creditedAmount} <= ${t.amount}`,
    ),
  ],
);

/**
 * Every transaction signed for a withdrawal: the first one and each re-sign with the same nonce
 * and a higher fee. Saved before it is sent, so whichever of them the chain mines is recognised.
 */
export const payoutAttempts = pgTable(
  'payout_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    withdrawalId: bigint('withdrawal_id', { mode: 'number' })
      .notNull()
      .references(() => withdrawals.id),
    nonce: integer('nonce').notNull(),
    txHash: text('tx_hash').notNull().unique(),
    rawTx: text('raw_tx').notNull(),
    maxFeePerGas: wei('max_fee_per_gas').notNull(),
    maxPriorityFeePerGas: wei('max_priority_fee_per_gas').notNull(),
    /** chain head when it was signed: how long it has waited */
    signedAtBlock: bigint('signed_at_block', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payout_attempts_withdrawal_idx').on(t.withdrawalId, t.id)],
);
