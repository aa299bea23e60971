// Daily settlement bookkeeping: which steps ran, which were held back, what accrued.
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, wei } from './_columns.ts';

/** One row per settled (day, step): a step that has its row is done and is never paid again. */
export const settlementRuns = pgTable(
  'settlement_runs',
  {
    day: date('day', { mode: 'string' }).notNull(),
    step: text('step').notNull(),
    rows: integer('rows').notNull().default(0),
    total: wei('total').notNull().default(sql`0`),
    finishedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.day, t.step] })],
);

/** Earnings held back because the FOMO pool was under its floor (docs/business-rules.md "FOMO floor"). */
export const settlementHolds = pgTable('settlement_holds', {
  day: date('day', { mode: 'string' }).primaryKey(),
  reason: text('reason').notNull(),
  fomoBalance: wei('fomo_balance').notNull(),
  floor: wei('floor').notNull(),
  /** what was not paid, per kind: { income_static: "wei", … } */
  held: jsonb('held').notNull(),
  createdAt: createdAt(),
});

/** Static income of a day per stake (balance orders and on-chain stakes): the base of dynamic income. */
export const settlementAccruals = pgTable(
  'settlement_accruals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** balance | chain */
    source: text('source').notNull(),
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    amount: wei('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.source, t.refId] }),
    index('settlement_accruals_day_user_idx').on(t.day, t.userId),
  ],
);

/**
 * Off-chain USDT income paid per budget day (settlement of that day, Huan Li Bao paid on it),
 * against `income_daily_budget_wei`; `held` is the last payment that had to wait that day.
 */
export const incomeBudgetDays = pgTable('income_budget_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  paid: wei('paid').notNull().default(sql`0`),
  held: wei('held').notNull().default(sql`0`),
});
