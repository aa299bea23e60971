// Recharges end to end: orders signed by the server's recharge service, paid on a real anvil through
// Payment (burn swap through the real router, executor rebate), credited by the server's indexer.
// For every paid recharge the ledger credit is at most what reached the treasury, whatever burn
// share and executor reward the owner sets.

import { SIGNER_INDEX } from '@free/devchain/deploy';
import { paymentAbi } from '@free/protocol/abi/index';
import { sql } from 'drizzle-orm';
import { type Address, erc20Abi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers.ts';
import {
  chainWallet,
  localAccount,
  localTestKey,
  startTestChain,
  type TestChain,
} from '../../test/support/test-chain.ts';
import { openTestDb } from '../../test/support/test-db.ts';
import { indexUntilCaughtUp } from '../chain/indexer.ts';
import { type DbHandle, rows } from '../db/client.ts';
import { paymentTermsReader } from '../lib/payment-terms.ts';
import { toRechargeView } from '../views/wallet.ts';
import { createRechargeOrder, creditPaidEvent } from './recharge.ts';

let chain: TestChain;
let db: DbHandle;
const OWNER = localAccount(0);
const PAYERS = [localAccount(3), localAccount(4), localAccount(5)];
const SIGNER_KEY = localTestKey(SIGNER_INDEX);

async function send(
  account: typeof OWNER,
  address: Address,
  abi: readonly unknown[],
  fn: string,
  args: unknown[],
) {
  const wallet = chainWallet(chain.rpcUrl, account);
  const hash = await wallet.writeContract({
    address,
    abi: abi as never,
    functionName: fn as never,
    args: args as never,
  });
  const receipt = await chain.client.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return receipt;
}

async function userId(address: Address): Promise<number> {
  const a = address.toLowerCase();
  await db.db.execute(sql`INSERT INTO users (address) VALUES (${a}) ON CONFLICT (address) DO NOTHING`);
  const [u] = await rows<{ id: number }>(db.db, sql`SELECT id FROM users WHERE address = ${a}`);
  return u?.id as number;
}

const treasuryAt = async (treasury: Address, blockNumber: bigint) =>
  chain.client.readContract({
    address: chain.deployment.usdt,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [treasury],
    blockNumber,
  });

beforeAll(async () => {
  chain = await startTestChain();
  db = await openTestDb('memory://');
});

afterAll(async () => {
  await db?.close();
  await chain?.stop();
});

describe('recharge credits', () => {
  it('credit at most what reached the treasury for every paid recharge', async () => {
    const config = testConfig({ deployment: { ...chain.deployment }, signerKey: SIGNER_KEY, chainId: 31337 });
    const terms = paymentTermsReader(chain.client, chain.deployment.payment);
    const [maxBurn, maxReward] = await Promise.all([
      chain.client.readContract({
        address: chain.deployment.payment,
        abi: paymentAbi,
        functionName: 'MAX_BURN_BPS',
      }),
      chain.client.readContract({
        address: chain.deployment.payment,
        abi: paymentAbi,
        functionName: 'MAX_EXECUTOR_REWARD_BPS',
      }),
    ]);
    const deployed = await terms();
    // what reached the treasury, per payment transaction
    const reached = new Map<string, bigint>();
    const settings: [bigint, bigint][] = [
      [deployed.burnBps, deployed.executorRewardBps],
      [maxBurn, maxReward],
      [0n, maxReward],
      [maxBurn, 0n],
    ];
    for (const [burnBps, rewardBps] of settings) {
      await send(OWNER, chain.deployment.payment, paymentAbi, 'setBurnBps', [burnBps]);
      await send(OWNER, chain.deployment.payment, paymentAbi, 'setExecutorRewardBps', [rewardBps]);
      for (const [i, payer] of PAYERS.entries()) {
        const now = new Date(Number((await chain.client.getBlock()).timestamp) * 1000);
        const order = toRechargeView(
          await createRechargeOrder(db, config, {
            userId: await userId(payer.address),
            userAddress: payer.address,
            amount: `${17 + i * 13}.37`,
            now,
            terms,
          }),
          config,
          now,
        );
        await send(payer, chain.deployment.usdt, erc20Abi, 'approve', [
          chain.deployment.payment,
          BigInt(order.amountWei),
        ]);
        const paid = await send(payer, chain.deployment.payment, paymentAbi, 'payment', [
          order.orderId,
          chain.deployment.usdt,
          BigInt(order.amountWei),
          BigInt(order.endTime),
          order.signature,
        ]);
        const treasury = order.to as Address;
        reached.set(
          order.orderId.toLowerCase(),
          (await treasuryAt(treasury, paid.blockNumber)) -
            (await treasuryAt(treasury, paid.blockNumber - 1n)),
        );
      }
    }
    await send(OWNER, chain.deployment.payment, paymentAbi, 'setBurnBps', [deployed.burnBps]);
    await send(OWNER, chain.deployment.payment, paymentAbi, 'setExecutorRewardBps', [
      deployed.executorRewardBps,
    ]);

    await indexUntilCaughtUp({
      db,
      client: chain.client,
      contracts: { staking: chain.deployment.staking, payment: chain.deployment.payment },
      startBlock: chain.deployment.startBlock,
      finalityDepth: 0,
      onPaid: creditPaidEvent,
    });

    const credits = await rows<{ order_id: string; credit: string }>(
      db.db,
      sql`SELECT o.order_id, e.amount::text AS credit FROM recharge_orders o
        JOIN ledger_entries e ON e.tx_key = 'recharge:' || o.order_id AND e.side = 'credit'
        WHERE o.state = 'paid'`,
    );
    expect(credits).toHaveLength(settings.length * PAYERS.length);
    for (const c of credits) {
      const toTreasury = reached.get(c.order_id);
      expect(toTreasury).toBeDefined();
      expect(BigInt(c.credit)).toBeGreaterThan(0n);
      expect(BigInt(c.credit)).toBeLessThanOrEqual(toTreasury as bigint);
    }
    // and in total: the platform never owes more than it received
    const total = credits.reduce((s, c) => s + BigInt(c.credit), 0n);
    const received = [...reached.values()].reduce((s, v) => s + v, 0n);
    expect(total).toBeLessThanOrEqual(received);
  });
});
