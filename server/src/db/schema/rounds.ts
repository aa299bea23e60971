// Prediction rounds (AI trade) and their bets.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, ts, wei } from './_columns.ts';
import { users } from './users.ts';

export const ROUND_STATES = ['open', 'settled', 'refunded'] as const;

/** One-minute prediction rounds (AI trade). The id is the issue number. */
export const predictionRounds = pgTable(
  'prediction_rounds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** yyyymmddHHMM of the UTC start minute */
    issue: text('issue').notNull().unique(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    /**
     * USDT per FREE, 1e18 fixed point: the time-weighted average over the period before the open
     * (the spot when no earlier observation is at hand), and over the deciding window at the close
     */
    openPrice: wei('open_price').notNull(),
    closePrice: wei('close_price'),
    /** the pair's cumulative FREE price (UQ112x112 seconds) observed at the open, for the close TWAP */
    openCumulative: wei('open_cumulative'),
    /** the time (unix seconds, chain clock) of that observation */
    openObservedAt: bigint('open_observed_at', { mode: 'number' }),
    /**
     * bets are taken until this time, copied from bet_cutoff_ms at the open; from then to the end
     * is the window whose average price decides the round (null: rounds opened before the window)
     */
    betsCloseAt: ts('bets_close_at'),
    /** the cumulative price observed when the deciding window opened (at or after bets_close_at) */
    windowCumulative: wei('window_cumulative'),
    /** the time (unix seconds, chain clock) of that observation */
    windowObservedAt: bigint('window_observed_at', { mode: 'number' }),
    /** a move of the average smaller than this (bps of the open price) is a tie, refunded */
    tieBps: integer('tie_bps').notNull().default(0),
    totalUp: wei('total_up').notNull().default(sql`0`),
    totalDown: wei('total_down').notNull().default(sql`0`),
    state: text('state', { enum: ROUND_STATES }).notNull().default('open'),
    /** up, down, flat (moved less than tie_bps), one_side (a side empty), late (settled too late: refunded) */
    result: text('result'),
    feeBps: integer('fee_bps').notNull(),
    /** fee plus rounding dust kept by the fee account */
    feeTaken: wei('fee_taken').notNull().default(sql`0`),
    settledAt: ts('settled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('prediction_rounds_state_idx').on(t.state, t.endsAt),
    unique('prediction_rounds_starts').on(t.startsAt),
  ],
);

export const roundBets = pgTable(
  'round_bets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    roundId: bigint('round_id', { mode: 'number' })
      .notNull()
      .references(() => predictionRounds.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    side: text('side', { enum: ['up', 'down'] }).notNull(),
    amount: wei('amount').notNull(),
    /** the round's open price the bet is locked at */
    price: wei('price').notNull(),
    state: text('state', { enum: ['open', 'won', 'lost', 'refunded'] })
      .notNull()
      .default('open'),
    payout: wei('payout').notNull().default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    index('round_bets_round_idx').on(t.roundId),
    index('round_bets_user_idx').on(t.userId, t.id),
    check('round_bets_amount_positive', sql`${t.amount} > 0`),
  ],
);
