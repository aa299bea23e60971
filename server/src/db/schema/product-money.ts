// Staking orders bought with the balance, daily settlement bookkeeping, airdrop/presale allocations,
// off-chain burns (ignition, balance-stake fees) and the FOMO pool.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
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

/** One row per settled (day, step): a step that has its row is done and is never paid again. */
export const settlementRuns = pgTable(
  'settlement_runs',
  {
    day: date('day', { mode: 'string' }).notNull(),
    step: text('step').notNull(),
    rows: integer('rows').notNull().default(0),
    total: wei('total').notNull().default(sql`0`),
    finishedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.day, t.step] })],
);

/** Earnings held back because the FOMO pool was under its floor (SPEC §5/§9). */
export const settlementHolds = pgTable('settlement_holds', {
  day: date('day', { mode: 'string' }).primaryKey(),
  reason: text('reason').notNull(),
  fomoBalance: wei('fomo_balance').notNull(),
  floor: wei('floor').notNull(),
  /** what was not paid, per kind: { income_static: "wei", … } */
  held: jsonb('held').notNull(),
  createdAt: createdAt(),
});

/** Static income of a day per stake (balance orders and on-chain stakes): the base of dynamic income. */
export const settlementAccruals = pgTable(
  'settlement_accruals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** balance | chain */
    source: text('source').notNull(),
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    amount: wei('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.source, t.refId] }),
    index('settlement_accruals_day_user_idx').on(t.day, t.userId),
  ],
);

/** Airdrop and presale allocations in FREE, unlocked linearly between unlock and end time. */
export const tokenAllocations = pgTable(
  'token_allocations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** airdrop | presale */
    kind: text('kind', { enum: ['airdrop', 'presale'] }).notNull(),
    total: wei('total').notNull(),
    released: wei('released').notNull().default(sql`0`),
    /** USDT paid for a presale allocation (0 for an airdrop) */
    paidUsdt: wei('paid_usdt').notNull().default(sql`0`),
    unlockAt: ts('unlock_at').notNull(),
    endAt: ts('end_at').notNull(),
    ref: text('ref').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('token_allocations_user_idx').on(t.userId, t.kind),
    check('token_allocations_window', sql`${t.endAt} > ${t.unlockAt}`),
    check('token_allocations_released', sql`${t.released} >= 0 AND ${t.released} <= ${t.total}`),
  ],
);

/** Every release of an allocation (unlock details). */
export const allocationUnlocks = pgTable(
  'allocation_unlocks',
  {
    allocationId: bigint('allocation_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    amount: wei('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.allocationId, t.day] }),
    index('allocation_unlocks_user_idx').on(t.userId, t.day),
  ],
);

/** FREE burned off chain (ignition, balance-stake fees): pending until burned on chain. */
export const productBurns = pgTable(
  'product_burns',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** ignition | stake_fee */
    type: text('type').notNull(),
    /** the user's level V{n} when burning */
    level: integer('level').notNull().default(0),
    freeAmount: wei('free_amount').notNull(),
    usdtAmount: wei('usdt_amount').notNull(),
    status: text('status', { enum: ['pending', 'confirmed'] })
      .notNull()
      .default('pending'),
    txHash: text('tx_hash'),
    ref: text('ref').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('product_burns_user_idx').on(t.userId, t.id)],
);

/** FOMO pool movements in FREE (fee shares in, operator funding, payouts out); balance = sum. */
export const fomoFlows = pgTable(
  'fomo_flows',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** fee_share | fund | payout */
    kind: text('kind').notNull(),
    /** signed wei: positive flows in */
    amount: wei('amount').notNull(),
    userId: integer('user_id'),
    ref: text('ref').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('fomo_flows_kind_idx').on(t.kind, t.id)],
);

/** Qualifying stakes of the FOMO pool: each resets the countdown; the last ones share the pool. */
export const fomoParticipants = pgTable(
  'fomo_participants',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: wei('amount').notNull(),
    /** countdown end set by this stake */
    endsAt: ts('ends_at').notNull(),
    ref: text('ref').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('fomo_participants_ref').on(t.ref), index('fomo_participants_id_idx').on(t.id)],
);
