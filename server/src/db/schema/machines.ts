// Mining machines, their orders, and the hashrate they grant.
import { bigint, boolean, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { assetColumn, createdAt, ts, wei } from './_columns.ts';
import { users } from './users.ts';

export const machines = pgTable('machines', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  /** { en: "…", "zh-Hans": "…" }: English is the fallback */
  name: jsonb('name').notNull(),
  description: jsonb('description').notNull(),
  image: text('image'),
  asset: assetColumn().notNull(),
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
    asset: assetColumn().notNull(),
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
