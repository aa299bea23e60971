// The prediction-rounds job: every tick settles ended rounds at the DEX price and opens the round
// of the current period. Also the small leader-loop runner the product jobs share, and
// startProductJobs (rounds + quotes + HLB accrual) for the server process.
import type { PublicClient } from 'viem';
import { type Leadership, tryLeadership } from '../chain/leader.ts';
import type { Config } from '../config.ts';
import type { DbHandle } from '../db/client.ts';
import { type DexAddresses, dexFreePrice, type PriceSource } from '../services/quotes.ts';
import { roundsTick } from '../services/rounds.ts';
import { type JobLogger, type Jobs, makeChainClient } from './index.ts';

export type ProductJobsContext = {
  config: Config;
  db: DbHandle;
  log?: JobLogger;
  client?: PublicClient;
  /** FREE price source (default: the FREE/USDT pair of the deployment) */
  price?: PriceSource;
  clock?: () => Date;
  intervalMs?: number;
};

const noop: JobLogger = { info: () => {}, warn: () => {}, error: () => {} };

export function dexAddresses(config: Config): DexAddresses | null {
  const d = config.deployment;
  return d ? { pair: d.pair, free: d.free, fcc: d.fcc, usdt: d.usdt, factory: d.factory } : null;
}

/** FREE price from the context, or from the chain; null without a deployment. */
export function priceFor(ctx: ProductJobsContext): PriceSource | null {
  if (ctx.price) return ctx.price;
  const d = dexAddresses(ctx.config);
  return d ? dexFreePrice(ctx.client ?? makeChainClient(ctx.config), d) : null;
}

/** Runs `step` every `intervalMs` while holding the advisory lock `lockKey`, until stopped. */
export function runLoop(
  ctx: ProductJobsContext,
  name: string,
  lockKey: string,
  intervalMs: number,
  step: () => Promise<void>,
): Jobs {
  const log = ctx.log ?? noop;
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
  const running = (async () => {
    let lead: Leadership | null = null;
    try {
      while (!stopping) {
        if (!lead) {
          lead = await tryLeadership(ctx.db, ctx.config.databaseUrl, lockKey).catch(() => null);
          if (!lead) {
            await sleep(intervalMs);
            continue;
          }
        }
        try {
          await step();
        } catch (err) {
          log.error({ job: name, err: (err as Error).message }, 'jobs: step failed; retrying');
        }
        if (!stopping) await sleep(intervalMs);
      }
    } finally {
      await lead?.release();
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

/** Starts the rounds job (tick every second by default, so a round opens right at its minute). */
export function startRoundsJob(ctx: ProductJobsContext): Jobs {
  const price = priceFor(ctx);
  const clock = ctx.clock ?? (() => new Date());
  if (!price) {
    (ctx.log ?? noop).warn({}, 'jobs: no deployment; rounds job not started');
    return { stop: async () => {} };
  }
  return runLoop(ctx, 'rounds', 'free:rounds', ctx.intervalMs ?? 1000, async () => {
    await roundsTick(ctx.db, { now: clock(), price });
  });
}

/** Rounds, quotes and HLB accrual together: what the server process starts. */
export async function startProductJobs(ctx: ProductJobsContext): Promise<Jobs> {
  const { startQuotesJob } = await import('./quotes.ts');
  const { startHlbJob } = await import('./hlb.ts');
  const jobs = [startRoundsJob(ctx), startQuotesJob(ctx), startHlbJob(ctx)];
  return { stop: async () => void (await Promise.all(jobs.map((j) => j.stop()))) };
}
