// Airdrop and presale allocations and their daily unlocks.
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, ts, wei } from './_columns.ts';
import { users } from './users.ts';

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
