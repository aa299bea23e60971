// Off-chain burns (ignition, balance-stake fees) waiting for or confirmed by their on-chain burn.
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, wei } from './_columns.ts';
import { users } from './users.ts';

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
