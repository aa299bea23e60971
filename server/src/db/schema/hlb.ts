// Huan Li Bao orders.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ts, wei } from './_columns.ts';
import { users } from './users.ts';

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
