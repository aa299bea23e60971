// The figures Prometheus alerts on that need the database or the chain (lib/metrics.ts), sampled
// here so a scrape never waits on either: the payout queue, the hot wallet, the indexer's lag and
// the income held, the withdrawals held (waiting for funds, at the fee ceiling, paid after a refund),
// when the last proof of liabilities was published (every process running the jobs samples them, leader or not, so a dead leader
// leaves no stale figure behind), and the reconciliation (one leader: it reads a receipt per open
// withdrawal). docs/operations.md "Alerts and runbooks".
import { WITHDRAWAL_HOLD_KINDS } from '@free/protocol/api/admin';
import { WITHDRAW_PENDING_STATES, WITHDRAW_STATES } from '@free/protocol/withdraw';
import { sql } from 'drizzle-orm';
import { type Address, erc20Abi, type PublicClient } from 'viem';
import { type DbHandle, rows, sqlList } from '../db/client.ts';
import { TX_OPEN } from '../db/schema/index.ts';
import { noopLog } from '../lib/logger.ts';
import {
  chainHead,
  hotWalletBalance,
  hotWalletOldestPending,
  hotWalletPending,
  incomeHeld,
  indexerLag,
  jobInterval,
  liabilitiesPublished,
  reconcileShort,
  recordJobStep,
  tokens,
  withdrawalHolds,
  withdrawalsByState,
} from '../lib/metrics.ts';
import { incomeBudgetFigures } from '../services/income-budget.ts';
import { reconcile, reconcileChainFor } from '../services/reconcile.ts';
import { type JobContext, type Jobs, runLoop } from './loop.ts';

/** How often the figures are sampled (Prometheus scrapes every 15 s, deploy/prometheus/). */
export const MONITOR_INTERVAL_MS = 15_000;
/** How often the reconciliation runs (each run reads a receipt per open withdrawal). */
export const RECONCILE_INTERVAL_MS = 300_000;

export type MonitorTarget = {
  db: DbHandle;
  client: PublicClient;
  /** the hot wallet whose balance and queue are watched (the deployment's, else the key's) */
  hotWallet: Address;
  tokens: { USDT: Address; FREE: Address } | null;
  /** the indexer's cursor row and where it starts */
  indexer: { name: string; startBlock: number } | null;
  now?: () => Date;
};

/** One sample of every figure; throws when the database or the chain does not answer. */
export async function sampleOnce(t: MonitorTarget): Promise<void> {
  const now = (t.now ?? (() => new Date()))();
  const [states, queue, figures] = await Promise.all([
    rows<{ state: string; n: string }>(
      t.db.db,
      sql`SELECT state, count(*)::text AS n FROM withdrawals GROUP BY state`,
    ),
    rows<{ n: string; oldest: string | null }>(
      t.db.db,
      // the payout queue: withdrawals not paid yet, and every hot-wallet transaction not settled
      sql`SELECT (SELECT count(*) FROM hot_wallet_txs WHERE wallet = ${t.hotWallet.toLowerCase()}
                    AND state IN ${sqlList(TX_OPEN)})::text AS n,
                 extract(epoch FROM ${now.toISOString()}::timestamptz - least(
                   (SELECT min(created_at) FROM withdrawals WHERE state IN ${sqlList(WITHDRAW_PENDING_STATES)}),
                   (SELECT min(created_at) FROM hot_wallet_txs WHERE wallet = ${t.hotWallet.toLowerCase()}
                      AND state IN ${sqlList(TX_OPEN)})))::text AS oldest`,
    ),
    incomeBudgetFigures(t.db.db, now),
  ]);
  const [holds, published] = await Promise.all([
    rows<{ kind: string; n: string }>(
      t.db.db,
      sql`SELECT hold->>'kind' AS kind, count(*)::text AS n FROM withdrawals WHERE hold IS NOT NULL GROUP BY 1`,
    ),
    rows<{ at: string | null }>(
      t.db.db,
      sql`SELECT extract(epoch FROM max(published_at))::text AS at FROM liability_snapshots`,
    ),
  ]);
  const counts = new Map(states.map((r) => [r.state, Number(r.n)]));
  for (const state of WITHDRAW_STATES) withdrawalsByState.set({ state }, counts.get(state) ?? 0);
  const held = new Map(holds.map((r) => [r.kind, Number(r.n)]));
  for (const kind of WITHDRAWAL_HOLD_KINDS) withdrawalHolds.set({ kind }, held.get(kind) ?? 0);
  liabilitiesPublished.set(Number(published[0]?.at ?? 0));
  hotWalletPending.set(Number(queue[0]?.n ?? 0));
  hotWalletOldestPending.set(Math.max(0, Number(queue[0]?.oldest ?? 0)));
  const h = figures.held;
  incomeHeld.set(tokens(h.interest.amount + h.fccBonus.usdt + h.hlbDays.amount));

  const [head, bnb] = await Promise.all([
    t.client.getBlockNumber({ cacheTime: 0 }),
    t.client.getBalance({ address: t.hotWallet }),
  ]);
  chainHead.set(Number(head));
  hotWalletBalance.set({ asset: 'BNB' }, tokens(bnb));
  if (t.tokens) {
    for (const asset of ['USDT', 'FREE'] as const) {
      const wei = await t.client.readContract({
        address: t.tokens[asset],
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [t.hotWallet],
      });
      hotWalletBalance.set({ asset }, tokens(wei));
    }
  }
  if (t.indexer) {
    const [cursor] = await rows<{ block: string }>(
      t.db.db,
      sql`SELECT block_number::text AS block FROM chain_cursors WHERE name = ${t.indexer.name}`,
    );
    const at = cursor ? Number(cursor.block) : t.indexer.startBlock - 1;
    indexerLag.set(Math.max(0, Number(head) - at));
  }
}

/**
 * Samples every MONITOR_INTERVAL_MS in this process (no leadership: each jobs process reports
 * the same figures, and Prometheus's rules take the maximum).
 */
export function startMonitor(
  ctx: Pick<JobContext, 'log'> & { target: MonitorTarget; intervalMs?: number },
): Jobs {
  const log = ctx.log ?? noopLog;
  const every = ctx.intervalMs ?? MONITOR_INTERVAL_MS;
  jobInterval.set({ job: 'monitor' }, every / 1000);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const running = (async () => {
    while (!stopped) {
      try {
        await sampleOnce(ctx.target);
        recordJobStep('monitor', true);
      } catch (err) {
        recordJobStep('monitor', false);
        log.warn({ job: 'monitor', err: (err as Error).message.split('\n')[0] }, 'monitor: sample failed');
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, every);
      });
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      await running;
    },
  };
}

/** The reconciliation as a job (one leader): free_reconcile_short per token after each run. */
export function startReconcileJob(ctx: JobContext & { client: PublicClient }): Jobs | null {
  const chain = reconcileChainFor(ctx.config, ctx.client);
  if (!chain) return null;
  return runLoop(
    ctx,
    'reconcile',
    'free:reconcile',
    ctx.intervalMs ?? RECONCILE_INTERVAL_MS,
    async ({ db }) => {
      for (const r of await reconcile(db.db, chain)) reconcileShort.set({ asset: r.token }, tokens(r.short));
      return false;
    },
  );
}
