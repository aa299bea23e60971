// Background jobs of the server process: the chain indexer and the payout worker. Each runs only
// while it holds its advisory lock, so any number of server replicas can call startJobs.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createPublicClient, defineChain, http, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type IndexerOptions, indexOnce } from '../chain/indexer.ts';
import { type Leadership, tryLeadership } from '../chain/leader.ts';
import type { Config } from '../config.ts';
import type { DbHandle } from '../db/client.ts';
import { creditRecharge } from '../services/recharge.ts';
import { type PayoutOptions, payoutOnce } from './payout.ts';

export type JobLogger = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

export type JobsContext = {
  config: Config;
  db: DbHandle;
  log?: JobLogger;
  /** defaults to an HTTP client on config.rpcUrl */
  client?: PublicClient;
  /** pause between passes when there is nothing to do (default 2000 ms) */
  intervalMs?: number;
  /** which jobs to run (default all) */
  indexer?: boolean;
  payout?: boolean;
  /** the product modules' jobs (rounds, quotes, HLB accrual, daily settlement) when present */
  product?: boolean;
};

export type Jobs = { stop: () => Promise<void> };

const noop: JobLogger = { info: () => {}, warn: () => {}, error: () => {} };

export function makeChainClient(config: Config): PublicClient {
  const chain = defineChain({
    id: config.chainId,
    name: `chain-${config.chainId}`,
    nativeCurrency: { name: 'Native', symbol: 'NATIVE', decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl] } },
  });
  return createPublicClient({
    chain,
    transport: http(config.rpcUrl, { timeout: 10_000, retryCount: 1 }),
  }) as PublicClient;
}

/** Depth used by the jobs: FINALITY_DEPTH when set; otherwise 2 on the local chain and 15 elsewhere. */
export function finalityDepthFor(config: Config, env: NodeJS.ProcessEnv = process.env): number {
  if (env.FINALITY_DEPTH !== undefined && env.FINALITY_DEPTH !== '') return config.finalityDepth;
  return config.chainId === 31337 ? config.finalityDepth : Math.max(config.finalityDepth, 15);
}

export function indexerOptions(ctx: JobsContext, client: PublicClient): IndexerOptions | null {
  const d = ctx.config.deployment;
  if (!d) return null;
  return {
    db: ctx.db,
    client,
    contracts: { staking: d.staking, payment: d.payment },
    startBlock: d.startBlock ?? 0,
    finalityDepth: finalityDepthFor(ctx.config),
    name: `${d.chainId}:${d.staking.toLowerCase()}`,
    log: ctx.log ?? noop,
    onPaid: (tx, e) =>
      creditRecharge(tx, e.orderId, {
        payer: e.payer,
        token: e.token,
        paidAmount: e.amount,
        txHash: e.txHash,
        paidAt: e.at,
      }),
  };
}

export function payoutOptions(ctx: JobsContext, client: PublicClient): PayoutOptions | null {
  const d = ctx.config.deployment;
  if (!d) return null;
  return {
    db: ctx.db,
    client,
    account: privateKeyToAccount(ctx.config.hotWalletKey),
    chainId: ctx.config.chainId,
    tokens: { USDT: d.usdt, FREE: d.free, FCC: d.fcc },
    finalityDepth: finalityDepthFor(ctx.config),
    log: ctx.log ?? noop,
  };
}

/**
 * Starts the indexer and the payout worker loops. A loop first takes its advisory lock (retrying
 * every interval while another process holds it), then works until stopped.
 */
export function startJobs(ctx: JobsContext): Jobs {
  const log = ctx.log ?? noop;
  const interval = ctx.intervalMs ?? 2000;
  const client = ctx.client ?? makeChainClient(ctx.config);
  let stopping = false;
  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(t);
        sleepers.delete(done);
        resolve();
      };
      const t = setTimeout(done, ms);
      sleepers.add(done);
    });

  const loop = async (name: string, lockKey: string, step: () => Promise<boolean>) => {
    let lead: Leadership | null = null;
    try {
      while (!stopping) {
        if (!lead) {
          lead = await tryLeadership(ctx.db, ctx.config.databaseUrl, lockKey).catch((err: Error) => {
            log.warn({ job: name, err: err.message }, 'jobs: leadership check failed');
            return null;
          });
          if (!lead) {
            await sleep(interval);
            continue;
          }
          log.info({ job: name }, 'jobs: leading');
        }
        let busy = false;
        try {
          busy = await step();
        } catch (err) {
          log.error({ job: name, err: (err as Error).message }, 'jobs: step failed; retrying');
        }
        if (!busy) await sleep(interval);
      }
    } finally {
      await lead?.release();
    }
  };

  const running: Promise<void>[] = [];
  const io = indexerOptions(ctx, client);
  const po = payoutOptions(ctx, client);
  if (!io || !po) log.warn({}, 'jobs: no deployment file; indexer and payout worker not started');
  if (io && ctx.indexer !== false) {
    running.push(loop('indexer', `free:indexer:${io.name}`, async () => (await indexOnce(io)) !== null));
  }
  if (po && ctx.payout !== false) {
    running.push(
      loop('payout', `free:payout:${po.account.address.toLowerCase()}`, async () => {
        const s = await payoutOnce(po);
        return s.signed + s.broadcast > 0;
      }),
    );
  }
  const extraStops: (() => Promise<void>)[] = [];
  if (ctx.product !== false) {
    running.push(
      startProductModuleJobs(ctx, client, log).then((stops) => {
        extraStops.push(...stops);
      }),
    );
  }
  return {
    stop: async () => {
      stopping = true;
      for (const wake of [...sleepers]) wake();
      await Promise.all(running);
      await Promise.all(
        extraStops.map((s) =>
          s().catch((err: Error) => log.error({ err: err.message }, 'jobs: stop failed')),
        ),
      );
    },
  };
}

/** The product modules' jobs live in their own files; started here so the server process runs them. */
async function startProductModuleJobs(
  ctx: JobsContext,
  client: PublicClient,
  log: JobLogger,
): Promise<(() => Promise<void>)[]> {
  const stops: (() => Promise<void>)[] = [];
  const here = (f: string) => fileURLToPath(new URL(f, import.meta.url));
  try {
    if (existsSync(here('./rounds.ts'))) {
      const mod = (await import(/* @vite-ignore */ pathToFileURL(here('./rounds.ts')).href)) as {
        startProductJobs?: (c: object) => Promise<Jobs>;
      };
      if (mod.startProductJobs) {
        const jobs = await mod.startProductJobs({ config: ctx.config, db: ctx.db, log, client });
        stops.push(() => jobs.stop());
      }
    }
    if (existsSync(here('./settlement.ts'))) {
      const mod = (await import(/* @vite-ignore */ pathToFileURL(here('./settlement.ts')).href)) as {
        startSettlementSchedule?: (db: DbHandle, o: { onError?: (err: unknown) => void }) => () => void;
      };
      if (mod.startSettlementSchedule) {
        const stop = mod.startSettlementSchedule(ctx.db, {
          onError: (err) => log.error({ err: (err as Error).message }, 'jobs: settlement failed'),
        });
        stops.push(async () => stop());
      }
    }
  } catch (err) {
    log.error({ err: (err as Error).message }, 'jobs: product jobs not started');
  }
  return stops;
}
