// Prediction rounds (AI trade): current round, history, bets (server: routes/product/rounds.ts).
import { z } from 'zod';
import { amountText, isoTime, pageOf, pageQuery, typedAmount } from './common.ts';

// ---- prediction rounds (AI trade) ----
export const round = z.object({
  id: z.number().int(),
  /** issue number: UTC start as yyyymmddHHMMSS */
  issue: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  periodMs: z.number().int(),
  msLeft: z.number().int(),
  /** bets are taken until this time; the average price from then to the end decides the round */
  betsCloseAt: isoTime.describe(
    'bets are taken until this time; the average price from then to endsAt (the deciding window) is the close price',
  ),
  /**
   * opening position: USDT per FREE, the time-weighted average over the period before the open
   * (the DEX spot when the round before has no observation)
   */
  openPrice: amountText.describe('USDT per FREE: time-weighted average over the period before the open'),
  closePrice: amountText
    .nullable()
    .describe(
      'USDT per FREE: time-weighted average over the deciding window, from betsCloseAt to endsAt (null while open)',
    ),
  tieBps: z
    .number()
    .int()
    .describe(
      'a move of the average price smaller than this (basis points of the open price) is a tie, refunded',
    ),
  totalUp: amountText,
  totalDown: amountText,
  state: z.enum(['open', 'settled', 'refunded']),
  /** up, down, flat (moved less than tieBps), one_side, late (null while open) */
  result: z.string().nullable(),
  feeBps: z.number().int(),
  feeTaken: amountText,
  settledAt: isoTime.nullable(),
});
export type Round = z.infer<typeof round>;
export const roundCurrentData = round.nullable();
export const roundHistoryQuery = pageQuery;
export const roundHistoryData = pageOf(round);
export const roundBetBody = z.object({ side: z.enum(['up', 'down']), amount: typedAmount });
export const roundBet = z.object({
  id: z.number().int(),
  roundId: z.number().int(),
  issue: z.string(),
  side: z.enum(['up', 'down']),
  amount: amountText,
  price: amountText,
  state: z.enum(['open', 'won', 'lost', 'refunded']),
  payout: amountText,
  createdAt: isoTime,
});
export const roundBetsQuery = pageQuery;
export const roundBetsData = pageOf(roundBet);
