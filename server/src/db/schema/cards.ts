// Payment card applications.
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './_columns.ts';
import { users } from './users.ts';

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
