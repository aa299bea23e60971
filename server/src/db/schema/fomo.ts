// The FOMO pool: its flows and its participants.
import { bigint, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, ts, wei } from './_columns.ts';
import { users } from './users.ts';

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
