// Product modules beyond the core: chain pool orders, prediction rounds, Huan Li Bao, mining
// machines (and the hashrate they grant), shop, payment cards, quotes, operator log, seed marker.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt, wei } from './_columns.ts';
import { contributions } from './activity.ts';
import { users } from './users.ts';

/** One chain-pool contribution as an order: the price used for the burn and the level reached. */
export const poolOrders = pgTable(
  'pool_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    contributionId: bigint('contribution_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => contributions.id),
    amount: wei('amount').notNull(),
    /** the USDT value whose FREE equivalent was burned (burn_bps of amount) */
    burnValue: wei('burn_value').notNull(),
    freeBurned: wei('free_burned').notNull(),
    /** USDT per FREE, 1e18 fixed point, read from the DEX pair at contribution time */
    freePrice: wei('free_price').notNull(),
    levelAfter: integer('level_after').notNull(),
    state: text('state', { enum: ['completed'] })
      .notNull()
      .default('completed'),
    createdAt: createdAt(),
  },
  (t) => [index('pool_orders_user_idx').on(t.userId, t.id)],
);

export const ROUND_STATES = ['open', 'settled', 'refunded'] as const;

/** One-minute prediction rounds (AI trade). The id is the issue number. */
export const predictionRounds = pgTable(
  'prediction_rounds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** yyyymmddHHMM of the UTC start minute */
    issue: text('issue').notNull().unique(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    /** USDT per FREE, 1e18 fixed point */
    openPrice: wei('open_price').notNull(),
    closePrice: wei('close_price'),
    totalUp: wei('total_up').notNull().default(sql`0`),
    totalDown: wei('total_down').notNull().default(sql`0`),
    state: text('state', { enum: ROUND_STATES }).notNull().default('open'),
    /** up, down, flat (unchanged), one_side (a side empty), late (settled too late: refunded) */
    result: text('result'),
    feeBps: integer('fee_bps').notNull(),
    /** fee plus rounding dust kept by the fee account */
    feeTaken: wei('fee_taken').notNull().default(sql`0`),
    settledAt: ts('settled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('prediction_rounds_state_idx').on(t.state, t.endsAt),
    unique('prediction_rounds_starts').on(t.startsAt),
  ],
);

export const roundBets = pgTable(
  'round_bets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    roundId: bigint('round_id', { mode: 'number' })
      .notNull()
      .references(() => predictionRounds.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    side: text('side', { enum: ['up', 'down'] }).notNull(),
    amount: wei('amount').notNull(),
    /** the round's open price the bet is locked at */
    price: wei('price').notNull(),
    state: text('state', { enum: ['open', 'won', 'lost', 'refunded'] })
      .notNull()
      .default('open'),
    payout: wei('payout').notNull().default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    index('round_bets_round_idx').on(t.roundId),
    index('round_bets_user_idx').on(t.userId, t.id),
    check('round_bets_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Huan Li Bao subscriptions: principal locked, static income accrued daily. */
export const hlbOrders = pgTable(
  'hlb_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    product: text('product').notNull(),
    amount: wei('amount').notNull(),
    dailyRatePpm: integer('daily_rate_ppm').notNull(),
    lockDays: integer('lock_days').notNull(),
    state: text('state', { enum: ['active', 'redeemed'] })
      .notNull()
      .default('active'),
    startedAt: ts('started_at').notNull(),
    /** earliest redemption (started_at + lock_days) */
    maturesAt: ts('matures_at').notNull(),
    staticTotal: wei('static_total').notNull().default(sql`0`),
    /** number of whole days already accrued */
    daysAccrued: integer('days_accrued').notNull().default(0),
    redeemedAt: ts('redeemed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('hlb_orders_user_idx').on(t.userId, t.id), index('hlb_orders_state_idx').on(t.state)],
);

export const machines = pgTable('machines', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  /** { en: "…", "zh-Hans": "…" }: English is the fallback */
  name: jsonb('name').notNull(),
  description: jsonb('description').notNull(),
  image: text('image'),
  asset: text('asset').notNull(),
  price: wei('price').notNull(),
  /** hashrate units granted (H/s, integer) */
  hashrate: wei('hashrate').notNull(),
  days: integer('days').notNull(),
  /** null: unlimited */
  stock: integer('stock'),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
});

export const machineOrders = pgTable(
  'machine_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    machineId: bigint('machine_id', { mode: 'number' })
      .notNull()
      .references(() => machines.id),
    asset: text('asset').notNull(),
    price: wei('price').notNull(),
    hashrate: wei('hashrate').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('machine_orders_user_idx').on(t.userId, t.id)],
);

/** Hashrate granted to a user for a period (machines now; other sources may add rows). */
export const hashrateGrants = pgTable(
  'hashrate_grants',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** machine, … */
    source: text('source').notNull(),
    ref: text('ref').notNull(),
    amount: wei('amount').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('hashrate_grants_source_ref').on(t.source, t.ref),
    index('hashrate_grants_user_idx').on(t.userId, t.endsAt),
  ],
);

export const shopProducts = pgTable('shop_products', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: jsonb('name').notNull(),
  description: jsonb('description').notNull(),
  image: text('image'),
  asset: text('asset').notNull(),
  /** price of one share */
  price: wei('price').notNull(),
  stock: integer('stock'),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
});

export const SHOP_ORDER_STATES = ['ordered', 'paid', 'shipped', 'completed', 'cancelled'] as const;

export const shopOrders = pgTable(
  'shop_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => shopProducts.id),
    quantity: integer('quantity').notNull(),
    asset: text('asset').notNull(),
    unitPrice: wei('unit_price').notNull(),
    total: wei('total').notNull(),
    state: text('state', { enum: SHOP_ORDER_STATES }).notNull().default('ordered'),
    paidAt: ts('paid_at'),
    shippedAt: ts('shipped_at'),
    completedAt: ts('completed_at'),
    cancelledAt: ts('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shop_orders_user_idx').on(t.userId, t.id),
    check('shop_orders_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const CARD_STATES = ['submitted', 'reviewed', 'issued', 'rejected'] as const;

export const cardApplications = pgTable(
  'card_applications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['virtual', 'physical'] }).notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    address: text('address'),
    state: text('state', { enum: CARD_STATES }).notNull().default('submitted'),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('card_applications_user_idx').on(t.userId, t.id)],
);

/** Latest price per symbol (USDT per unit, 1e18 fixed point) and where it comes from. */
export const quotes = pgTable('quotes', {
  symbol: text('symbol').primaryKey(),
  name: text('name').notNull(),
  /** dex (read from the pair on chain), config (FCC without a pair), manual (ops quote:set) */
  source: text('source').notNull(),
  price: wei('price').notNull(),
  sort: integer('sort').notNull().default(0),
  updatedAt: updatedAt(),
});

export const quoteSnapshots = pgTable(
  'quote_snapshots',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    symbol: text('symbol').notNull(),
    price: wei('price').notNull(),
    takenAt: ts('taken_at').notNull(),
  },
  (t) => [index('quote_snapshots_symbol_idx').on(t.symbol, t.takenAt)],
);

/** Every operator command (npm run ops), with its validated arguments and outcome. */
export const opsLog = pgTable('ops_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  command: text('command').notNull(),
  args: jsonb('args').notNull(),
  ok: boolean('ok').notNull(),
  result: jsonb('result'),
  error: text('error'),
  actor: text('actor').notNull(),
  createdAt: createdAt(),
});

/** Seed runs (server/src/ops/seed.ts): one row per seed name, so seeding runs once. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  createdAt: createdAt(),
});
