// Background jobs of the server process: the chain indexer, the payout worker, the burn job, the
// proof-of-liabilities job, the product jobs (prediction rounds, quotes, Huan Li Bao accrual, daily
// settlement) and the deletion of outdated idempotency keys. Each runs only while it holds its
// advisory lock, so any number of server replicas can call startJobs.
import type { Hex, PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { chainGuard } from '../chain/chain-guard.ts';
import { makeChainClient } from '../chain/client.ts';
import { type IndexerOptions, indexOnce } from '../chain/indexer.ts';
import type { Config } from '../config.ts';
import { noopLog } from '../lib/logger.ts';
import { creditPaidEvent } from '../services/recharge.ts';
import { type BurnJobOptions, signBurnBatch } from './burn.ts';
import { startHlbJob } from './hlb.ts';
import { startIdempotencyKeysJob } from './idempotency-keys.ts';
import { type LiabilitiesOptions, startLiabilitiesJob } from './liabilities.ts';
import { allJobs, type JobContext, type Jobs, runLoop } from './loop.ts';
import { startMonitor, startReconcileJob } from './monitor.ts';
import { type PayoutOptions, payoutOnce } from './payout.ts';
import { startQuotesJob } from './quotes.ts';
import { startRoundsJob } from './rounds.ts';
import { startSettlementJob } from './settlement.ts';

export type { Jobs } from './loop.ts';

export type JobsContext = JobContext & {
  /** which jobs to run (default all) */
  indexer?: boolean;
  /** the hot-wallet worker: signs queued withdrawals and sends and settles every outbox transaction */
  payout?: boolean;
  /** the burn job: signs off-chain burns into the hot-wallet outbox (the hot-wallet worker sends them) */
  burn?: boolean;
  /** the product modules' jobs: rounds, quotes, HLB accrual, daily settlement */
  product?: boolean;
  /** housekeeping: deletes idempotency keys past their window */
  housekeeping?: boolean;
  /** the metrics' sampler and the reconciliation job (jobs/monitor.ts) */
  monitor?: boolean;
  /** the daily proof-of-liabilities snapshot and its publication (into the hot-wallet outbox) */
  liabilities?: boolean;
};

/** Depth used by the jobs: FINALITY_DEPTH when set; otherwise 0 on the local chain and 15 elsewhere. */
export function finalityDepthFor(
  config: Pick<Config, 'finalityDepth' | 'chainId'>,
  env: NodeJS.ProcessEnv = process.env,
): number {
  if (env.FINALITY_DEPTH !== undefined && env.FINALITY_DEPTH !== '') return config.finalityDepth;
  return config.chainId === 31337 ? config.finalityDepth : Math.max(config.finalityDepth, 15);
}

/** The indexer's cursor name (chain_cursors) for a deployment. */
export const indexerName = (d: { chainId: number; staking: string }) =>
  `${d.chainId}:${d.staking.toLowerCase()}`;

export function indexerOptions(ctx: JobsContext, client: PublicClient): IndexerOptions | null {
  const d = ctx.config.deployment;
  if (!d) return null;
  return {
    db: ctx.db,
    client,
    contracts: { staking: d.staking, payment: d.payment },
    startBlock: d.startBlock ?? 0,
    finalityDepth: finalityDepthFor(ctx.config),
    name: indexerName(d),
    log: ctx.log ?? noopLog,
    onPaid: creditPaidEvent,
  };
}

export function payoutOptions(ctx: JobsContext, client: PublicClient): PayoutOptions | null {
  const d = ctx.config.deployment;
  const key = ctx.config.hotWalletKey;
  if (!d || !key) return null;
  return {
    db: ctx.db,
    client,
    account: privateKeyToAccount(key),
    chainId: ctx.config.chainId,
    tokens: { USDT: d.usdt, FREE: d.free, FCC: d.fcc },
    finalityDepth: finalityDepthFor(ctx.config),
    maxFeePerGas: ctx.config.hotWalletMaxFeePerGas,
    maxResigns: ctx.config.hotWalletMaxResigns,
    log: ctx.log ?? noopLog,
    ...(ctx.clock ? { clock: ctx.clock } : {}),
  };
}

export function burnJobOptions(ctx: JobsContext, client: PublicClient): BurnJobOptions | null {
  const d = ctx.config.deployment;
  const key = ctx.config.hotWalletKey;
  if (!d || !key) return null;
  return {
    db: ctx.db,
    client,
    account: privateKeyToAccount(key),
    chainId: ctx.config.chainId,
    free: d.free,
    finalityDepth: finalityDepthFor(ctx.config),
    maxFeePerGas: ctx.config.hotWalletMaxFeePerGas,
    maxResigns: ctx.config.hotWalletMaxResigns,
    log: ctx.log ?? noopLog,
    ...(ctx.clock ? { clock: ctx.clock } : {}),
  };
}

export function liabilitiesOptions(
  ctx: Pick<JobsContext, 'db' | 'log' | 'clock'> & {
    config: Pick<Config, 'deployment' | 'chainId' | 'finalityDepth'> & { hotWalletKey?: Hex | undefined };
  },
  client: PublicClient,
): LiabilitiesOptions | null {
  const d = ctx.config.deployment;
  if (!d?.liabilities || !ctx.config.hotWalletKey) return null;
  return {
    db: ctx.db,
    client,
    account: privateKeyToAccount(ctx.config.hotWalletKey),
    chainId: ctx.config.chainId,
    contract: d.liabilities,
    finalityDepth: finalityDepthFor(ctx.config),
    log: ctx.log ?? noopLog,
    ...(ctx.clock ? { clock: ctx.clock } : {}),
  };
}

/** Rounds, quotes, HLB accrual and settlement together (each with its own default interval). */
export function startProductJobs(ctx: JobContext): Jobs {
  return allJobs([startRoundsJob(ctx), startQuotesJob(ctx), startHlbJob(ctx), startSettlementJob(ctx)]);
}

/** Starts every job loop of the server process; `stop()` waits for all of them. */
export function startJobs(jobsCtx: JobsContext): Jobs {
  const log = jobsCtx.log ?? noopLog;
  const interval = jobsCtx.intervalMs ?? 2000;
  const client = jobsCtx.client ?? makeChainClient(jobsCtx.config);
  // every job works on the deployment's chain only (the API's guard, or one of their own)
  const ctx: JobsContext = {
    ...jobsCtx,
    chainGuard: jobsCtx.chainGuard ?? chainGuard({ client, chainId: jobsCtx.config.chainId }),
  };
  const jobs: Jobs[] = [];
  const io = indexerOptions(ctx, client);
  const po = payoutOptions(ctx, client);
  if (!io) log.warn({}, 'jobs: no deployment file; indexer and payout worker not started');
  else if (!po) log.warn({}, 'jobs: no HOT_WALLET_KEY; payout worker not started');
  if (io && ctx.indexer !== false) {
    jobs.push(
      runLoop(
        ctx,
        'indexer',
        `free:indexer:${io.name}`,
        interval,
        async ({ db }) => (await indexOnce({ ...io, db })) !== null,
      ),
    );
  }
  if (po && ctx.payout !== false) {
    // the one worker of this hot wallet's outbox (payouts, burns): one lock per wallet
    jobs.push(
      runLoop(ctx, 'payout', `free:payout:${po.account.address.toLowerCase()}`, interval, async ({ db }) => {
        const s = await payoutOnce({ ...po, db });
        return s.signed + s.broadcast > 0;
      }),
    );
  }
  const bo = burnJobOptions(ctx, client);
  if (bo && ctx.burn !== false) {
    // signs only: its transaction takes the outbox's next nonce (row lock) and the hot-wallet
    // worker above sends and settles it with the payouts
    jobs.push(
      runLoop(ctx, 'burn', `free:burn:${bo.account.address.toLowerCase()}`, interval * 15, async ({ db }) => {
        return (await signBurnBatch({ ...bo, db })) !== null;
      }),
    );
  }
  const lo = liabilitiesOptions(ctx, client);
  if (lo && ctx.liabilities !== false) {
    // signs only, like the burn job: the hot-wallet worker sends and settles the publication
    jobs.push(startLiabilitiesJob({ ...ctx, client, intervalMs: undefined }, lo));
  }
  if (ctx.product !== false) {
    // the product jobs keep their own intervals: `intervalMs` is the chain loops' pause
    jobs.push(startProductJobs({ ...ctx, client, intervalMs: undefined }));
  }
  if (ctx.housekeeping !== false) jobs.push(startIdempotencyKeysJob({ ...ctx, intervalMs: undefined }));
  const d = ctx.config.deployment;
  if (d && ctx.monitor !== false) {
    jobs.push(
      startMonitor({
        log,
        target: {
          db: ctx.db,
          client,
          hotWallet: d.hotWallet ?? ctx.config.hotWalletAddress,
          tokens: { USDT: d.usdt, FREE: d.free },
          indexer: io ? { name: io.name ?? 'main', startBlock: io.startBlock } : null,
          ...(ctx.clock ? { now: ctx.clock } : {}),
        },
      }),
    );
    const reconcileJob = startReconcileJob({ ...ctx, client, intervalMs: undefined });
    if (reconcileJob) jobs.push(reconcileJob);
  }
  return allJobs(jobs);
}
