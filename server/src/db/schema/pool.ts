// Chain pool orders (the contributions themselves are in activity.ts).
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, wei } from './_columns.ts';
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
