// Market quotes and their snapshots.
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts, updatedAt, wei } from './_columns.ts';

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
