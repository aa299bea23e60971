// What every background job shares: its context, a logger, and the leader loop (a job works only
// while it holds its advisory lock, so any number of server replicas can start the same jobs).
import type { PublicClient } from 'viem';
import { type ChainGuard, ChainMismatch } from '../chain/chain-guard.ts';
import { dexAddresses, makeChainClient } from '../chain/client.ts';
import type { Config } from '../config.ts';
import type { DbHandle } from '../db/client.ts';
import { restorePending } from '../db/incarnation.ts';
import { type Logger, noopLog } from '../lib/logger.ts';
import { jobInterval, jobLeading, jobRestoreHeld, recordJobStep } from '../lib/metrics.ts';
import { dexFreeOracle, dexFreePrice, type OracleSource, type PriceSource } from '../services/quotes.ts';
import { LEADER_CHECK_MS, type Leadership, LeadershipLost, tryLeadership } from './leader.ts';

export type Jobs = { stop: () => Promise<void> };

export type JobContext = {
  config: Config;
  db: DbHandle;
  log?: Logger;
  /** defaults to an HTTP client on config.rpcUrl */
  client?: PublicClient;
  /** FREE price source (default: the FREE/USDT pair of the deployment) */
  price?: PriceSource;
  /** FREE cumulative price observations (default: the FREE/USDT pair of the deployment) */
  oracle?: OracleSource;
  clock?: () => Date;
  /** pause between passes; each job has its own default */
  intervalMs?: number;
  /** how often a leader checks its lock and a waiting process tries again (default 5 s) */
  leaderCheckMs?: number;
  /** asked before every step: the RPC still answers the deployment's chain (startJobs makes one) */
  chainGuard?: ChainGuard;
};

/** What a step of a job gets: the database it must use, and the signal of its leadership. */
export type JobRun = {
  /** throws once leadership is lost; each transaction first checks the lock is still held */
  db: DbHandle;
  /** aborted when leadership is lost: a long step stops before its next write */
  signal: AbortSignal;
};

/** FREE price from the context, or from the chain; null without a deployment. */
export function priceFor(ctx: JobContext): PriceSource | null {
  if (ctx.price) return ctx.price;
  const d = dexAddresses(ctx.config);
  return d ? dexFreePrice(ctx.client ?? makeChainClient(ctx.config), d) : null;
}

/** FREE cumulative price observations from the context, or from the chain; null without a deployment. */
export function oracleFor(ctx: JobContext): OracleSource | null {
  if (ctx.oracle) return ctx.oracle;
  const d = dexAddresses(ctx.config);
  return d ? dexFreeOracle(ctx.client ?? makeChainClient(ctx.config), d) : null;
}

/**
 * Runs `step` while holding the advisory lock `lockKey` (retrying every `leaderCheckMs` while
 * another process holds it) until stopped. A step that answers true had work and runs again at
 * once; otherwise the loop sleeps `intervalMs`. A failing step is logged and retried. When the
 * lock may be lost (its connection died, or a check finds it gone) the step in flight is stopped
 * at its next database access and the loop goes back to waiting, so another process takes over.
 * With a chain guard, a step runs only while the RPC answers the deployment's chain; on another
 * chain the loop ends (a failed step makes the guard ask again before the next one). On a database
 * that was restored or failed over, no step runs until `restore:check` has run (db/incarnation.ts).
 */
export function runLoop(
  ctx: Pick<JobContext, 'config' | 'db' | 'log' | 'leaderCheckMs' | 'chainGuard'>,
  name: string,
  lockKey: string,
  intervalMs: number,
  step: (run: JobRun) => Promise<unknown>,
): Jobs {
  const log = ctx.log ?? noopLog;
  const checkMs = ctx.leaderCheckMs ?? LEADER_CHECK_MS;
  const retryMs = Math.min(intervalMs, checkMs);
  let stopping = false;
  let wake: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(t);
        wake = null;
        resolve();
      };
    });
  jobInterval.set({ job: name }, intervalMs / 1000);
  jobLeading.set({ job: name }, 0);
  const running = (async () => {
    let lead: Leadership | null = null;
    let held = false;
    try {
      while (!stopping) {
        if (lead?.signal.aborted) {
          await lead.release();
          lead = null;
          jobLeading.set({ job: name }, 0);
          // a process that just lost its lock waits a few rounds (at least one leadership check),
          // so a healthy one, opening its own lock connection meanwhile, takes over
          await sleep(Math.max(2 * retryMs, checkMs));
          continue;
        }
        if (!lead) {
          lead = await tryLeadership(ctx.db, ctx.config.databaseUrl, lockKey, { checkMs }).catch(
            (err: Error) => {
              log.warn({ job: name, err: err.message }, 'jobs: leadership check failed');
              return null;
            },
          );
          if (!lead) {
            await sleep(retryMs);
            continue;
          }
          const { signal } = lead;
          signal.addEventListener(
            'abort',
            () => {
              log.warn({ job: name, reason: (signal.reason as Error).message }, 'jobs: leadership lost');
              wake?.();
            },
            { once: true },
          );
          log.info({ job: name }, 'jobs: leading');
          jobLeading.set({ job: name }, 1);
        }
        let busy = false;
        try {
          // a restored (or failed-over) database: nothing runs until restore:check (ops/restore.ts)
          const restored = await restorePending(ctx.db);
          if (restored !== null) {
            if (!held) log.error({ job: name, err: restored }, 'jobs: waiting; the database was restored');
            held = true;
            jobRestoreHeld.set({ job: name }, 1);
            await sleep(retryMs);
            continue;
          }
          if (held) log.info({ job: name }, 'jobs: restore:check has run; working again');
          held = false;
          jobRestoreHeld.set({ job: name }, 0);
          await ctx.chainGuard?.ensure();
          busy = (await step({ db: lead.fence(ctx.db), signal: lead.signal })) === true;
          recordJobStep(name, true);
        } catch (err) {
          if (err instanceof ChainMismatch) {
            log.error({ job: name, err: err.message }, 'jobs: stopped; the RPC answers another chain');
            break;
          }
          if (err instanceof LeadershipLost || lead.signal.aborted) {
            log.warn({ job: name, err: (err as Error).message }, 'jobs: step stopped; leadership lost');
          } else {
            recordJobStep(name, false);
            ctx.chainGuard?.suspect();
            log.error({ job: name, err: (err as Error).message }, 'jobs: step failed; retrying');
          }
        }
        if (!busy && !stopping && !lead.signal.aborted) await sleep(intervalMs);
      }
    } finally {
      await lead?.release();
      jobLeading.set({ job: name }, 0);
    }
  })();
  return {
    stop: async () => {
      stopping = true;
      wake?.();
      await running;
    },
  };
}

/** One handle for several jobs. */
export const allJobs = (jobs: Jobs[]): Jobs => ({
  stop: async () => void (await Promise.all(jobs.map((j) => j.stop()))),
});
