// `npm run dev:advance -- 7d`: local-only time travel. Moves the anvil clock (evm_increaseTime +
// evm_mine) and runs the jobs of the days passed (settlement with its maturity and unlock steps,
// Huan Li Bao accrual, quotes, prediction rounds, a proof-of-liabilities snapshot), so maturity, unstake, redeem, unlocks and
// settlement can be watched in the browser. The server started by `npm start` follows the chain's
// clock (lib/dev-clock.ts), so its business day moves with it, without a restart.
import { MAX_ADVANCE_SECONDS } from '@free/protocol/api/dev';
import { DAY_SECONDS, LOCAL_CHAIN_ID } from '@free/protocol/constants';
import type { PublicClient } from 'viem';
import { chainTimeReader } from '../chain/chain-time.ts';
import { dexAddresses } from '../chain/client.ts';
import type { Config } from '../config.ts';
import type { DbHandle } from '../db/client.ts';
import { liabilitiesOptions } from '../jobs/index.ts';
import { snapshotAndPublish } from '../jobs/liabilities.ts';
import { oracleFor, priceFor } from '../jobs/loop.ts';
import { daysToSettle, previousDay, runSettlement } from '../jobs/settlement.ts';
import { accrueHlb } from '../services/hlb.ts';
import { dexFccPrice, refreshQuotes } from '../services/quotes.ts';
import { roundsTick } from '../services/rounds.ts';

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: DAY_SECONDS, w: 7 * DAY_SECONDS };

export class DevAdvanceError extends Error {}

/** `90s`, `30m`, `12h`, `7d`, `2w` → seconds. */
export function parseDuration(text: string): number {
  const m = /^(\d+)([smhdw])$/.exec(text.trim());
  const seconds = m ? Number(m[1]) * (UNIT_SECONDS[m[2] as string] as number) : Number.NaN;
  if (!Number.isSafeInteger(seconds) || seconds <= 0 || seconds > MAX_ADVANCE_SECONDS)
    throw new DevAdvanceError(
      `"${text}" is not a duration: give a positive number with s, m, h, d or w (e.g. 12h, 7d, 30d), at most 366d`,
    );
  return seconds;
}

/** Refuses any chain but the local anvil (chain id 31337). */
export async function assertLocalChain(
  client: Pick<PublicClient, 'getChainId'>,
  where: string,
): Promise<void> {
  const id = await client.getChainId();
  if (id !== LOCAL_CHAIN_ID)
    throw new DevAdvanceError(
      `dev:advance only moves the local anvil chain (chain id ${LOCAL_CHAIN_ID}); ${where} is chain ${id}. Nothing was changed.`,
    );
}

/** Moves the chain's clock forward and mines a block at the new time; returns that block's time. */
export async function moveChainClock(client: PublicClient, seconds: number): Promise<Date> {
  await client.request({ method: 'evm_increaseTime', params: [seconds] } as never);
  await client.request({ method: 'evm_mine', params: [] } as never);
  return chainTimeReader(client)();
}

export type DayJobsResult = {
  settledDays: string[];
  heldDays: { day: string; reason: string }[];
  roundsSettled: number;
  /** the proof-of-liabilities snapshot taken after settlement (its publication is in the outbox) */
  liabilitiesSnapshot?: number;
};

/** What the server's jobs would have done by `now`: settlement of the days passed, HLB, quotes, rounds. */
export async function runDayJobs(
  db: DbHandle,
  config: Config,
  client: PublicClient,
  now: Date,
): Promise<DayJobsResult> {
  const result: DayJobsResult = { settledDays: [], heldDays: [], roundsSettled: 0 };
  for (const day of await daysToSettle(db.db, previousDay(now))) {
    const r = await runSettlement(db, day);
    if (r.held) {
      result.heldDays.push({ day, reason: r.held.reason });
      break; // later days wait, as in the settlement job
    }
    result.settledDays.push(day);
  }
  await accrueHlb(db, now);
  const ctx = { config, db, client };
  const free = priceFor(ctx) ?? undefined;
  const d = dexAddresses(config);
  await refreshQuotes(db.db, { free, fcc: d ? () => dexFccPrice(client, d) : undefined }, now);
  const oracle = oracleFor(ctx);
  if (oracle) result.roundsSettled = (await roundsTick(db, { now, oracle })).settled;
  // the daily job's snapshot, at once: the server's hot-wallet worker sends its publication
  const lo = liabilitiesOptions({ config, db }, client);
  if (lo) result.liabilitiesSnapshot = (await snapshotAndPublish(lo, now)).snapshot.id;
  return result;
}

export type AdvanceResult = DayJobsResult & { seconds: number; chainTime: string };

/**
 * Moves the local chain `seconds` forward, then runs the day's jobs at the chain's new time.
 * `onMoved` lets the running server take the new time before the jobs run (its dev clock).
 */
export async function advanceLocal(a: {
  db: DbHandle;
  config: Config;
  client: PublicClient;
  seconds: number;
  onMoved?: (chainTime: Date) => Promise<void> | void;
}): Promise<AdvanceResult> {
  await assertLocalChain(a.client, a.config.rpcUrl);
  if (a.config.chainId !== LOCAL_CHAIN_ID)
    throw new DevAdvanceError(
      `dev:advance is local-only; this server is configured for chain ${a.config.chainId}`,
    );
  const chainTime = await moveChainClock(a.client, a.seconds);
  await a.onMoved?.(chainTime);
  // the business day follows the chain, never goes back behind the wall clock
  const now = new Date(Math.max(chainTime.getTime(), Date.now()));
  const jobs = await runDayJobs(a.db, a.config, a.client, now);
  return { seconds: a.seconds, chainTime: chainTime.toISOString(), ...jobs };
}

/**
 * Anvil forgets how far its clock was moved when it restarts (its blocks keep their times, new
 * ones go back to the wall clock). `npm start` calls this so an advanced chain stays advanced:
 * when the latest block is ahead of the wall clock, the clock moves to it again. Returns the lead
 * restored in seconds (0 when none).
 */
/** @public read by scripts/src/start.ts through a dynamic import */
export async function restoreChainLead(client: PublicClient, wallNowMs = Date.now()): Promise<number> {
  await assertLocalChain(client, 'the local chain');
  const latest = await chainTimeReader(client)();
  const lead = Math.ceil((latest.getTime() - wallNowMs) / 1000);
  if (lead <= 0) return 0;
  await client.request({
    method: 'evm_setNextBlockTimestamp',
    params: [Math.floor(latest.getTime() / 1000) + 1],
  } as never);
  await client.request({ method: 'evm_mine', params: [] } as never);
  return lead;
}
