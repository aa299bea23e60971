// The figures Prometheus alerts on, sampled from a real chain and database: the payout queue and
// its age, the hot wallet's balances, the indexer's lag, and the reconciliation's shortfall from its
// job (not from a scrape).
import { sql } from 'drizzle-orm';
import { formatEther, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers.ts';
import { localAccount, startTestChain, type TestChain } from '../../test/support/test-chain.ts';
import { BACKEND, createUsers, openTestDb } from '../../test/support/test-db.ts';
import type { DbHandle } from '../db/client.ts';
import { registry } from '../lib/metrics.ts';
import { reconcile, reconcileChainFor } from '../services/reconcile.ts';
import { sampleOnce, startReconcileJob } from './monitor.ts';

/** The value of one series of this process's registry (undefined: not exported). */
async function value(name: string, labels: Record<string, string> = {}): Promise<number | undefined> {
  const metric = registry.getSingleMetric(name);
  const got = await metric?.get();
  return got?.values.find((v) => Object.entries(labels).every(([k, l]) => String(v.labels[k]) === l))?.value;
}

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
}, 180_000);
afterAll(() => chain?.stop());

describe.each(BACKEND)('metrics sampled by the jobs ($name)', ({ url }) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openTestDb(url);
  });
  afterAll(() => h?.close());

  it('reports the payout queue, its oldest entry, the hot wallet and the indexer lag', async () => {
    const [userId] = await createUsers(h, 1);
    const now = new Date();
    const tenMinutesAgo = new Date(now.getTime() - 600_000).toISOString();
    await h.db.execute(
      sql`INSERT INTO withdrawals (user_id, asset, amount, to_address, ledger_key, state, created_at)
          VALUES (${userId}, 'USDT', ${parseEther('5').toString()}, ${localAccount(4).address}, 'monitor-test:1', 'queued', ${tenMinutesAgo}),
                 (${userId}, 'USDT', ${parseEther('1').toString()}, ${localAccount(4).address}, 'monitor-test:2', 'confirmed', ${tenMinutesAgo})`,
    );
    // the payout worker holds the queued one: the hot wallet cannot pay it yet
    await h.db.execute(
      sql`UPDATE withdrawals SET hold = ${JSON.stringify({ kind: 'funds', missing: [{ asset: 'USDT', amount: '5' }] })}::jsonb
          WHERE ledger_key = 'monitor-test:1'`,
    );
    const d = chain.deployment;
    await sampleOnce({
      db: h,
      client: chain.client,
      hotWallet: d.hotWallet,
      tokens: { USDT: d.usdt, FREE: d.free },
      indexer: { name: 'monitor-test', startBlock: d.startBlock },
      now: () => now,
    });
    expect(await value('free_withdrawals', { state: 'queued' })).toBe(1);
    expect(await value('free_withdrawals', { state: 'confirmed' })).toBe(1);
    expect(await value('free_withdrawals', { state: 'review' })).toBe(0);
    expect(await value('free_withdrawal_holds', { kind: 'funds' })).toBe(1);
    expect(await value('free_withdrawal_holds', { kind: 'fee_ceiling' })).toBe(0);
    expect(await value('free_withdrawal_holds', { kind: 'paid_after_refund' })).toBe(0);
    // nothing published on this database yet
    expect(await value('free_liabilities_last_published_timestamp_seconds')).toBe(0);
    expect(await value('free_hot_wallet_oldest_pending_seconds')).toBeCloseTo(600, 0);
    expect(await value('free_hot_wallet_pending_transactions')).toBe(0);
    const bnb = await chain.client.getBalance({ address: d.hotWallet });
    expect(await value('free_hot_wallet_balance', { asset: 'BNB' })).toBeCloseTo(Number(formatEther(bnb)), 3);
    expect(await value('free_hot_wallet_balance', { asset: 'USDT' })).toBeGreaterThan(0);
    // no cursor yet: every block since the deployment's first is still to be read
    const head = Number(await chain.client.getBlockNumber());
    expect(await value('free_indexer_lag_blocks')).toBe(head - (d.startBlock - 1));
    await h.db.execute(sql`DELETE FROM withdrawals WHERE ledger_key LIKE 'monitor-test:%'`);
  });

  it('sets free_reconcile_short from the reconciliation job', async () => {
    const config = testConfig({
      deployment: { ...chain.deployment },
      rpcUrl: chain.rpcUrl,
      databaseUrl: url === 'memory://' ? undefined : url,
    });
    const before = await value('free_job_last_success_timestamp_seconds', { job: 'reconcile' });
    const job = startReconcileJob({ config, db: h, client: chain.client, leaderCheckMs: 100 });
    try {
      for (let i = 0; i < 200; i++) {
        const at = await value('free_job_last_success_timestamp_seconds', { job: 'reconcile' });
        if (at !== undefined && at !== before) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const chainSide = reconcileChainFor(config, chain.client);
      if (!chainSide) throw new Error('no deployment');
      const expected = await reconcile(h.db, chainSide);
      for (const r of expected)
        expect(await value('free_reconcile_short', { asset: r.token })).toBe(Number(formatEther(r.short)));
      expect(await value('free_job_leading', { job: 'reconcile' })).toBe(1);
    } finally {
      await job?.stop();
    }
    expect(await value('free_job_leading', { job: 'reconcile' })).toBe(0);
  });
});
