// Prediction rounds (AI trade): fixed-period rounds opened at the DEX price; a bet up or down is
// locked at the open price; at close the winners share the losers' side pro rata after a fee.
// Both prices are time-weighted averages from the pair's cumulative price (the period before the
// open; the deciding window at the end of the round, which opens when bets close, so no bet has
// seen any of the price that decides it), a swap in the last block barely moves them, and a move
// smaller than the round's tie_bps is a tie. A round with one side empty, a tie, or settled too
// late (or without a window observation) refunds every bet.
import { and, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbHandle, Executor, Tx } from '../db/client.ts';
import { countRows } from '../db/count.ts';
import { predictionRounds, roundBets } from '../db/schema/index.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { type PairObservation, twap } from '../lib/twap.ts';
import { defineCommand, parseMoney } from './command.ts';
import { notifyPublic } from './events.ts';
import { requireWallet, systemAccount, transfer, userAccount } from './ledger.ts';
import type { OracleSource } from './quotes.ts';
import { getSetting, type ProductConfig } from './settings.ts';

type RoundRow = typeof predictionRounds.$inferSelect;
type BetRow = typeof roundBets.$inferSelect;
export type RoundsConfig = ProductConfig['product.rounds'];

const BPS = 10_000n;

/** Issue number: the UTC start as yyyymmddHHMMSS. */
export const issueOf = (startsAt: Date) => startsAt.toISOString().replace(/\D/g, '').slice(0, 14);

/**
 * The deciding window: the last bet_cutoff_ms of a round, at least one second and at most the
 * round, so there is always a window and bets always close before it.
 */
export const windowMs = (cfg: Pick<RoundsConfig, 'bet_cutoff_ms' | 'period_ms'>) =>
  Math.min(Math.max(cfg.bet_cutoff_ms, 1000), cfg.period_ms);

/** When bets on a round close (rounds opened before the window existed: at their end). */
export const betsCloseOf = (r: Pick<RoundRow, 'betsCloseAt' | 'endsAt'>) => r.betsCloseAt ?? r.endsAt;

/** Start of the period containing `now`. */
export const periodStart = (now: Date, periodMs: number) =>
  new Date(Math.floor(now.getTime() / periodMs) * periodMs);

/**
 * Opens the round of the period containing `now` (once: a second call returns the same round),
 * keeping the cumulative price observed at the open for the close's average.
 */
export async function openRound(
  tx: Executor,
  args: {
    now: Date;
    openPrice: bigint;
    observation?: Pick<PairObservation, 'cumulative' | 'timestamp'>;
    cfg: RoundsConfig;
  },
): Promise<RoundRow> {
  const startsAt = periodStart(args.now, args.cfg.period_ms);
  const endsAt = new Date(startsAt.getTime() + args.cfg.period_ms);
  const betsCloseAt = new Date(endsAt.getTime() - windowMs(args.cfg));
  const opened = await tx
    .insert(predictionRounds)
    .values({
      issue: issueOf(startsAt),
      startsAt,
      endsAt,
      openPrice: args.openPrice,
      openCumulative: args.observation?.cumulative ?? null,
      openObservedAt: args.observation?.timestamp ?? null,
      betsCloseAt,
      feeBps: args.cfg.fee_bps,
      tieBps: args.cfg.tie_bps,
      createdAt: args.now,
    })
    .onConflictDoNothing()
    .returning({ id: predictionRounds.id });
  if (opened.length > 0) await notifyPublic(tx, 'round', { phase: 'open' });
  const [row] = await tx.select().from(predictionRounds).where(eq(predictionRounds.startsAt, startsAt));
  if (!row) throw new Error('round not opened');
  return row;
}

export type Settlement = { result: string; state: 'settled' | 'refunded'; paid: bigint; feeTaken: bigint };

/** Winner payouts: stake back plus a pro-rata share of the losers' side after the fee, rounded down. */
export function splitPot(
  winners: { id: number; amount: bigint }[],
  losersTotal: bigint,
  feeBps: number,
): { payouts: Map<number, bigint>; feeTaken: bigint } {
  const winTotal = winners.reduce((s, w) => s + w.amount, 0n);
  const fee = (losersTotal * BigInt(feeBps)) / BPS;
  const distributable = losersTotal - fee;
  const payouts = new Map<number, bigint>();
  let shared = 0n;
  for (const w of winners) {
    const share = winTotal > 0n ? (distributable * w.amount) / winTotal : 0n;
    shared += share;
    payouts.set(w.id, w.amount + share);
  }
  // rounding dust stays with the fee account: nothing is created, nothing lost
  return { payouts, feeTaken: fee + (distributable - shared) };
}

/**
 * The direction of a move from `open` to `close`: a move smaller than `tieBps` of the open price
 * (or none) is flat.
 */
export function moveOf(open: bigint, close: bigint, tieBps: number): 'up' | 'down' | 'flat' {
  const move = close - open;
  const size = move < 0n ? -move : move;
  if (size === 0n || size * BPS < open * BigInt(tieBps)) return 'flat';
  return move > 0n ? 'up' : 'down';
}

/**
 * The close price of a round: the average over its deciding window (from the observation taken
 * when the window opened, after bets closed), or null when it cannot be known (no window
 * observation: the chain was unreadable when the window opened; observations out of order).
 */
export function closeTwap(round: RoundRow, observation: PairObservation | null): bigint | null {
  if (!observation || round.windowCumulative === null || round.windowObservedAt === null) return null;
  return twap({ cumulative: round.windowCumulative, timestamp: round.windowObservedAt }, observation);
}

/** The average over a whole period from a round's open observation (the next round's open price). */
function periodTwap(round: RoundRow, observation: PairObservation): bigint | null {
  if (round.openCumulative === null || round.openObservedAt === null) return null;
  return twap({ cumulative: round.openCumulative, timestamp: round.openObservedAt }, observation);
}

/**
 * Opens the deciding window of every open round whose bets have closed: keeps the cumulative price
 * observed now (once; an observation older than the close of bets is not taken, since bets could
 * still see the prices after it).
 */
async function openWindows(db: Executor, now: Date, observation: PairObservation): Promise<void> {
  const due = await db
    .select()
    .from(predictionRounds)
    .where(
      and(
        eq(predictionRounds.state, 'open'),
        lte(predictionRounds.betsCloseAt, now),
        gt(predictionRounds.endsAt, now),
        isNull(predictionRounds.windowCumulative),
      ),
    );
  for (const r of due) {
    if (r.betsCloseAt === null || observation.timestamp < Math.floor(r.betsCloseAt.getTime() / 1000))
      continue;
    await db
      .update(predictionRounds)
      .set({ windowCumulative: observation.cumulative, windowObservedAt: observation.timestamp })
      .where(and(eq(predictionRounds.id, r.id), isNull(predictionRounds.windowCumulative)));
  }
}

/**
 * Settles one round at `closePrice` (idempotent: a settled round is left alone). Refunds when a
 * side is empty, the price moved less than the round's tie_bps, or the settlement comes later
 * than max_settle_delay_ms (or without a close price).
 */
export async function settleRound(
  tx: Tx,
  roundId: number,
  args: { now: Date; closePrice: bigint | null; maxSettleDelayMs: number },
): Promise<Settlement | null> {
  const [round] = await tx
    .select()
    .from(predictionRounds)
    .where(eq(predictionRounds.id, roundId))
    .for('update');
  if (!round) throw new AppError(ErrorCode.NotFound, 'round');
  if (round.state !== 'open') return null;
  if (args.now.getTime() < round.endsAt.getTime())
    throw new AppError(ErrorCode.Conflict, 'round', 'round not ended');
  const bets = await tx.select().from(roundBets).where(eq(roundBets.roundId, roundId)).orderBy(roundBets.id);
  const late =
    args.closePrice === null || args.now.getTime() - round.endsAt.getTime() > args.maxSettleDelayMs;
  const close = args.closePrice;
  let result: string;
  if (late) result = 'late';
  else if (round.totalUp === 0n || round.totalDown === 0n) result = 'one_side';
  else result = moveOf(round.openPrice, close as bigint, round.tieBps);

  let paid = 0n;
  let feeTaken = 0n;
  if (result === 'up' || result === 'down') {
    const winners = bets.filter((b) => b.side === result);
    const losersTotal = result === 'up' ? round.totalDown : round.totalUp;
    const split = splitPot(winners, losersTotal, round.feeBps);
    feeTaken = split.feeTaken;
    for (const b of bets) {
      const payout = split.payouts.get(b.id) ?? 0n;
      if (payout > 0n) {
        await transfer(tx, {
          key: `round_payout:${b.id}`,
          from: systemAccount('fees'),
          to: userAccount(b.userId, 'wallet'),
          asset: 'USDT',
          amount: payout,
          kind: 'round_payout',
          ref: `round:${round.issue}`,
        });
        paid += payout;
      }
      await tx
        .update(roundBets)
        .set({ state: payout > 0n ? 'won' : 'lost', payout })
        .where(eq(roundBets.id, b.id));
    }
  } else {
    for (const b of bets) {
      await transfer(tx, {
        key: `round_refund:${b.id}`,
        from: systemAccount('fees'),
        to: userAccount(b.userId, 'wallet'),
        asset: 'USDT',
        amount: b.amount,
        kind: 'round_refund',
        ref: `round:${round.issue}`,
      });
      paid += b.amount;
      await tx.update(roundBets).set({ state: 'refunded', payout: b.amount }).where(eq(roundBets.id, b.id));
    }
  }
  const state = result === 'up' || result === 'down' ? 'settled' : 'refunded';
  await tx
    .update(predictionRounds)
    .set({ state, result, closePrice: close, feeTaken, settledAt: args.now })
    .where(eq(predictionRounds.id, roundId));
  await notifyPublic(tx, 'round', { phase: 'settled' });
  return { result, state, paid, feeTaken };
}

/**
 * One pass of the rounds job: observe the pair's cumulative price, settle every ended open round
 * at its average over its deciding window, then open the round of the current period at the
 * average over the period before (from the previous round's open observation; the spot when
 * there is none), and open the deciding window of a round whose bets have closed. Without an observation (chain down) nothing opens and ended rounds wait
 * (refunded as late once the price is back, if too late).
 */
export async function roundsTick(
  handle: DbHandle,
  args: { now: Date; oracle: OracleSource },
): Promise<{ settled: number; opened: string | null }> {
  const cfg = await getSetting(handle.db, 'product.rounds');
  let observation: PairObservation | null = null;
  try {
    observation = await args.oracle(args.now);
  } catch {
    observation = null;
  }
  const due = await handle.db
    .select()
    .from(predictionRounds)
    .where(and(eq(predictionRounds.state, 'open'), lte(predictionRounds.endsAt, args.now)))
    .orderBy(predictionRounds.endsAt);
  let settled = 0;
  for (const r of due) {
    // without a price a round waits, until it is too late and refunds
    if (observation === null && args.now.getTime() - r.endsAt.getTime() <= cfg.max_settle_delay_ms) continue;
    const closePrice = closeTwap(r, observation);
    const s = await handle.transaction((tx) =>
      settleRound(tx, r.id, { now: args.now, closePrice, maxSettleDelayMs: cfg.max_settle_delay_ms }),
    );
    if (s) settled += 1;
  }
  if (observation === null || observation.spot <= 0n) return { settled, opened: null };
  const startsAt = periodStart(args.now, cfg.period_ms);
  const [previous] = await handle.db
    .select()
    .from(predictionRounds)
    .where(eq(predictionRounds.startsAt, new Date(startsAt.getTime() - cfg.period_ms)));
  const openPrice = (previous && periodTwap(previous, observation)) || observation.spot;
  const round = await openRound(handle.db, { now: args.now, openPrice, observation, cfg });
  await openWindows(handle.db, args.now, observation);
  return { settled, opened: round.issue };
}

/** A prediction round as stored. */
export type Round = RoundRow;

/** A bet as stored, with the issue of its round. */
export type RoundBet = BetRow & { issue: string };

/** The round taking bets now, or the latest one when none is open yet. */
export async function currentRound(db: Executor, now: Date): Promise<Round | null> {
  const [open] = await db
    .select()
    .from(predictionRounds)
    .where(and(lte(predictionRounds.startsAt, now), gt(predictionRounds.endsAt, now)))
    .limit(1);
  if (open) return open;
  const [last] = await db.select().from(predictionRounds).orderBy(desc(predictionRounds.startsAt)).limit(1);
  return last ?? null;
}

export async function roundHistory(db: Executor, page: number, size: number) {
  const done = inArray(predictionRounds.state, ['settled', 'refunded']);
  const rows = await db
    .select()
    .from(predictionRounds)
    .where(done)
    .orderBy(desc(predictionRounds.startsAt))
    .limit(size)
    .offset((page - 1) * size);
  const count = await countRows(db, predictionRounds, done);
  return { list: rows, total: count, page, size };
}

export const placeBet = defineCommand(
  (input: {
    userId: number;
    side: 'up' | 'down';
    amount: string;
    idempotencyKey?: string | undefined;
    now: Date;
  }) => ({
    module: 'ai_trade',
    userId: input.userId,
    route: 'round/bet',
    idempotencyKey: input.idempotencyKey,
    parse: (s) => {
      const cfg = s['product.rounds'];
      const amount = parseMoney(input.amount, {
        kind: 'invest',
        min: BigInt(cfg.min_bet_wei),
        max: BigInt(cfg.max_bet_wei),
      });
      return { cfg, amount };
    },
    content: ({ amount }) => ({ side: input.side, amount: String(amount) }),
    run: async (tx, { amount }): Promise<RoundBet> => {
      const [round] = await tx
        .select()
        .from(predictionRounds)
        .where(
          and(
            eq(predictionRounds.state, 'open'),
            lte(predictionRounds.startsAt, input.now),
            gt(predictionRounds.endsAt, input.now),
          ),
        )
        .for('update');
      if (!round) throw new AppError(ErrorCode.Conflict, 'round', 'no round open');
      // from the close of bets on, the deciding window is running: a bet then would see its prices
      if (input.now.getTime() >= betsCloseOf(round).getTime())
        throw new AppError(ErrorCode.Conflict, 'round', 'bets closed');
      await requireWallet(tx, input.userId, 'USDT', amount);
      const [bet] = await tx
        .insert(roundBets)
        .values({
          roundId: round.id,
          userId: input.userId,
          side: input.side,
          amount,
          price: round.openPrice,
          createdAt: input.now,
        })
        .returning();
      if (!bet) throw new Error('bet insert returned nothing');
      await transfer(tx, {
        key: `round_bet:${bet.id}`,
        from: userAccount(input.userId, 'wallet'),
        to: systemAccount('fees'),
        asset: 'USDT',
        amount,
        kind: 'round_bet',
        ref: `round:${round.issue}`,
      });
      await tx
        .update(predictionRounds)
        .set(
          input.side === 'up'
            ? { totalUp: sql`${predictionRounds.totalUp} + ${amount}` }
            : { totalDown: sql`${predictionRounds.totalDown} + ${amount}` },
        )
        .where(eq(predictionRounds.id, round.id));
      // the round's totals changed for everyone watching it
      await notifyPublic(tx, 'round', { phase: 'bet' });
      return { ...bet, issue: round.issue };
    },
  }),
);

/** A page of the user's bets, newest first. */
export async function myBets(db: Executor, userId: number, page: number, size: number) {
  const rows = await db
    .select({ bet: roundBets, issue: predictionRounds.issue })
    .from(roundBets)
    .innerJoin(predictionRounds, eq(predictionRounds.id, roundBets.roundId))
    .where(eq(roundBets.userId, userId))
    .orderBy(desc(roundBets.id))
    .limit(size)
    .offset((page - 1) * size);
  const count = await countRows(db, roundBets, eq(roundBets.userId, userId));
  return { list: rows.map((r): RoundBet => ({ ...r.bet, issue: r.issue })), total: count, page, size };
}
