// Product records that later modules fill (answered from these tables, never from constants).
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, wei } from './_columns.ts';
import { users } from './users.ts';

/** Chain-pool contributions (USDT with 2 % of its value in FREE burned). */
export const contributions = pgTable(
  'contributions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: wei('amount').notNull(),
    freeBurned: wei('free_burned').notNull(),
    level: integer('level').notNull().default(0),
    txHash: text('tx_hash'),
    createdAt: createdAt(),
  },
  (t) => [index('contributions_user_idx').on(t.userId, t.createdAt)],
);
