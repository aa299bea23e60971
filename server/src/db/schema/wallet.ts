// Withdrawals (state machine; their transactions are in the hot-wallet outbox, hot_wallet_txs) and
// recharge orders (signed Payment orders).
import { WITHDRAW_STATES } from '@free/protocol/api/wallet';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { assetColumn, createdAt, ts, updatedAt, wei } from './_columns.ts';
import { users } from './users.ts';

/** The withdrawal states are protocol's (the API shows them; packages/protocol/src/withdraw.ts moves them). */
export const WITHDRAWAL_STATES = WITHDRAW_STATES;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

/**
 * Why a withdrawal is held, for the operator (amounts in wei): `funds`: still queued, the hot
 * wallet lacks the amounts `missing` (token, or BNB for gas) to pay it and the ones before it;
 * `fee_ceiling`: its transaction waits at the fee ceiling (no more re-signs); `paid_after_refund`:
 * a payout of it confirmed on chain after it was refunded (the user was paid twice).
 */
export type WithdrawalHold =
  | { kind: 'funds'; missing: { asset: string; amount: string }[] }
  | { kind: 'fee_ceiling'; maxFeePerGas: string; versions: number }
  | { kind: 'paid_after_refund'; txHash: string };

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    asset: assetColumn().notNull(),
    amount: wei('amount').notNull(),
    /** always the user's own (bound) address, checksummed */
    toAddress: text('to_address').notNull(),
    state: text('state', { enum: WITHDRAWAL_STATES }).notNull().default('queued'),
    /** ledger tx key of the debit */
    ledgerKey: text('ledger_key').notNull().unique(),
    /** copy of its hot-wallet transaction (hot_wallet_txs): nonce, current signed version and hash */
    chainNonce: integer('chain_nonce'),
    rawTx: text('raw_tx'),
    txHash: text('tx_hash'),
    failReason: text('fail_reason'),
    /** shown to the user: why an operator rejected the withdrawal in review */
    rejectReason: text('reject_reason'),
    hold: jsonb('hold').$type<WithdrawalHold>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    confirmedAt: ts('confirmed_at'),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_state_idx').on(t.state, t.id),
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
    // a state protocol does not name is refused by the database too (migration 0020)
    check(
      'withdrawals_state_known',
      sql`${t.state} IN (${sql.raw(WITHDRAWAL_STATES.map((s) => `'${s}'`).join(', '))})`,
    ),
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
    asset: assetColumn().notNull(),
    amount: wei('amount').notNull(),
    burnBps: integer('burn_bps').notNull(),
    /** Payment.executorRewardBps when the order was made (unsigned: the paid figure is in the event) */
    executorRewardBps: integer('executor_reward_bps').notNull().default(0),
    endTime: ts('end_time').notNull(),
    signature: text('signature').notNull(),
    /** the signer's address (null before migration 0028): `signer:remove` waits for its orders to end */
    signer: text('signer'),
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
