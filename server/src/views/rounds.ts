// Prediction round answers: a round (current and history) and a bet.
import type * as api from '@free/protocol/api/rounds';
import type { z } from 'zod';
import { amt, iso, isoOrNull } from '../lib/format.ts';
import { betsCloseOf, type Round, type RoundBet } from '../services/rounds.ts';

/** A bet as the API answers it. */
export const toRoundBetView = (b: RoundBet): z.infer<typeof api.roundBet> => ({
  id: b.id,
  roundId: b.roundId,
  issue: b.issue,
  side: b.side,
  amount: amt(b.amount),
  price: amt(b.price),
  state: b.state,
  payout: amt(b.payout),
  createdAt: iso(b.createdAt),
});

/** A round as the API answers it, with the time left at `now`. */
export const toRoundView = (r: Round, now: Date): z.infer<typeof api.round> => ({
  id: r.id,
  issue: r.issue,
  startsAt: iso(r.startsAt),
  endsAt: iso(r.endsAt),
  periodMs: r.endsAt.getTime() - r.startsAt.getTime(),
  msLeft: Math.max(0, r.endsAt.getTime() - now.getTime()),
  /** bets are taken until this time; the average from then to the end decides the round */
  betsCloseAt: iso(betsCloseOf(r)),
  openPrice: amt(r.openPrice),
  closePrice: r.closePrice === null ? null : amt(r.closePrice),
  /** a move of the average smaller than this (bps of the open price) is a tie, refunded */
  tieBps: r.tieBps,
  totalUp: amt(r.totalUp),
  totalDown: amt(r.totalDown),
  state: r.state,
  result: r.result,
  feeBps: r.feeBps,
  feeTaken: amt(r.feeTaken),
  settledAt: isoOrNull(r.settledAt),
});
