// startJobs end to end on anvil: a paid recharge gets credited and a queued withdrawal paid by the
// running loops; leadership: a second process does not run the same job.
import { paymentAbi } from '@free/protocol/abi/index';
import { sql } from 'drizzle-orm';
import { erc20Abi, type Hex, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers.ts';
import {
  chainWallet,
  localAccount,
  localTestKey,
  startTestChain,
  type TestChain,
} from '../../test/support/test-chain.ts';
import { BACKENDS, openTestDb } from '../../test/support/test-db.ts';
import { type DbHandle, rows } from '../db/client.ts';
import { paymentTermsReader } from '../lib/payment-terms.ts';
import { getBalance, systemAccount, transfer, userAccount } from '../services/ledger.ts';
import { createRechargeOrder } from '../services/recharge.ts';
import { toRechargeView } from '../views/wallet.ts';
import { finalityDepthFor, startJobs } from './index.ts';
import { tryLeadership } from './leader.ts';

let chain: TestChain;
let h: DbHandle;
const payer = localAccount(4);

/** Mines a block at a time until `done` holds (the loops need finalized blocks to act). */
async function until(done: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 300; i++) {
    if (await done()) return;
    await chain.test.mine({ blocks: 1 });
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

// on both backends (test/support/test-db.ts BACKENDS): the jobs' leader lock (in-process on PGlite,
// an advisory lock on PostgreSQL, jobs/leader.ts)
describe.each(BACKENDS)('jobs on $name', ({ url }) => {
  beforeAll(async () => {
    chain = await startTestChain();
    h = await openTestDb(url);
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await chain?.stop();
  });

  it('credits a paid recharge and pays a queued withdrawal while running', async () => {
    const signerKey = localTestKey(10);
    const config = testConfig({
      deployment: { ...chain.deployment },
      rpcUrl: chain.rpcUrl,
      signerKey,
      finalityDepth: 1,
      databaseUrl: url === 'memory://' ? undefined : url,
    });
    const jobs = startJobs({ config, db: h, client: chain.client, intervalMs: 50, product: false });
    try {
      const addr = payer.address.toLowerCase();
      await h.db.execute(sql`INSERT INTO users (address) VALUES (${addr}) ON CONFLICT DO NOTHING`);
      const [u] = await rows<{ id: number }>(h.db, sql`SELECT id FROM users WHERE address = ${addr}`);
      const userId = u?.id as number;

      const now = new Date(Number((await chain.client.getBlock()).timestamp) * 1000);
      const terms = paymentTermsReader(chain.client, chain.deployment.payment);
      const order = toRechargeView(
        await createRechargeOrder(h, config, {
          userId,
          userAddress: payer.address,
          amount: '20',
          now,
          terms,
        }),
        config,
        now,
      );
      const w = chainWallet(chain.rpcUrl, payer);
      await chain.client.waitForTransactionReceipt({
        hash: await w.writeContract({
          address: chain.deployment.usdt,
          abi: erc20Abi,
          functionName: 'approve',
          args: [chain.deployment.payment, BigInt(order.amountWei)],
        }),
      });
      await chain.client.waitForTransactionReceipt({
        hash: await w.writeContract({
          address: chain.deployment.payment,
          abi: paymentAbi,
          functionName: 'payment',
          args: [
            order.orderId as Hex,
            chain.deployment.usdt,
            BigInt(order.amountWei),
            BigInt(order.endTime),
            order.signature as Hex,
          ],
        }),
      });
      await until(
        async () => (await getBalance(h.db, userAccount(userId), 'USDT')) === parseEther(order.credit),
        'the recharge credit',
      );

      // withdraw 5 of it (debit + queue as the withdraw service does)
      const [wd] = await h.transaction(async (tx) => {
        await transfer(tx, {
          key: 'jobs-test:withdraw',
          from: userAccount(userId),
          to: systemAccount('payout'),
          asset: 'USDT',
          amount: parseEther('5'),
          kind: 'withdraw',
        });
        return rows<{ id: number }>(
          tx,
          sql`INSERT INTO withdrawals (user_id, asset, amount, to_address, ledger_key) VALUES (${userId}, 'USDT', ${parseEther('5').toString()}, ${payer.address}, 'jobs-test:withdraw') RETURNING id`,
        );
      });
      const before = await chain.client.readContract({
        address: chain.deployment.usdt,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [payer.address],
      });
      await until(async () => {
        const [s] = await rows<{ state: string }>(
          h.db,
          sql`SELECT state FROM withdrawals WHERE id = ${wd?.id}`,
        );
        return s?.state === 'confirmed';
      }, 'the payout');
      const after = await chain.client.readContract({
        address: chain.deployment.usdt,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [payer.address],
      });
      expect(after - before).toBe(parseEther('5'));
      expect(await getBalance(h.db, userAccount(userId), 'USDT')).toBe(
        parseEther(order.credit) - parseEther('5'),
      );
    } finally {
      await jobs.stop();
    }
  }, 120_000);

  it.runIf(url !== 'memory://')('lets one process at a time hold a job', async () => {
    const key = `free:test:${Math.random()}`;
    const first = await tryLeadership(h, url, key);
    expect(first).not.toBeNull();
    expect(await tryLeadership(h, url, key)).toBeNull();
    await first?.release();
    const next = await tryLeadership(h, url, key);
    expect(next).not.toBeNull();
    await next?.release();
  });
});

it('waits 15 blocks on other chains unless FINALITY_DEPTH says otherwise', () => {
  const local = testConfig({ chainId: 31337, finalityDepth: 0 });
  const bsc = testConfig({ chainId: 56, finalityDepth: 2 });
  expect(finalityDepthFor(local, {})).toBe(0);
  expect(finalityDepthFor(bsc, {})).toBe(15);
  expect(finalityDepthFor(bsc, { FINALITY_DEPTH: '2' })).toBe(2);
});
