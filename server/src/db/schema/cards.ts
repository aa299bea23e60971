// Payment card applications.
import { CARD_STATES } from '@free/protocol/api/cards';
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './_columns.ts';
import { users } from './users.ts';

// protocol's list (its CARD_TRANSITIONS moves them)
export { CARD_STATES };

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
