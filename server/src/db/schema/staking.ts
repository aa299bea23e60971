// Staking orders bought with the off-chain USDT balance.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ts, wei } from './_columns.ts';
import { users } from './users.ts';

export const STAKE_ORDER_STATES = ['active', 'redeemed', 'renewed'] as const;

/** A Market-Maker stake bought with the off-chain USDT balance (one row per round). */
export const stakeOrders = pgTable(
  'stake_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** cycle index 0, 1, 2 */
    cycle: integer('cycle').notNull(),
    cycleDays: integer('cycle_days').notNull(),
    /** rate of the cycle when the order was made (an open order keeps it) */
    ratePpm: integer('rate_ppm').notNull(),
    feeBps: integer('fee_bps').notNull(),
    /** what the user paid (0 for a renewed round) */
    amount: wei('amount').notNull(),
    fee: wei('fee').notNull(),
    principal: wei('principal').notNull(),
    /** interest credited so far (daily by settlement, the rest at redemption) */
    interestPaid: wei('interest_paid').notNull().default(sql`0`),
    /** interest due at redemption that the daily income budget could not pay yet (paid later, once) */
    interestHeld: wei('interest_held').notNull().default(sql`0`),
    /** FCC earned by the market-maker bonus, credited at maturity (0 when not qualified) */
    bonusFcc: wei('bonus_fcc').notNull().default(sql`0`),
    bonusPaid: boolean('bonus_paid').notNull().default(false),
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** 1 for a bought order, +1 for every automatic renewal */
    round: integer('round').notNull().default(1),
    parentId: bigint('parent_id', { mode: 'number' }),
    status: text('status', { enum: STAKE_ORDER_STATES }).notNull().default('active'),
    stakedAt: ts('staked_at').notNull(),
    dueAt: ts('due_at').notNull(),
    redeemedAt: ts('redeemed_at'),
    /** principal + interest credited by the redemption */
    redeemedAmount: wei('redeemed_amount'),
    /** ledger key of the purchase (the Idempotency-Key, or the renewal) */
    ledgerKey: text('ledger_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('stake_orders_user_idx').on(t.userId, t.id),
    index('stake_orders_active_idx').on(t.status, t.dueAt),
    check('stake_orders_principal_positive', sql`${t.principal} > 0`),
  ],
);
