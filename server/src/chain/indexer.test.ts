// Indexer against a real anvil: stakes with the server's inviter signature, unstakes, recharges;
// restarts mid-range, a crash inside a batch, a re-read of the whole range, and reorgs inside the
// finality depth — never a double credit.
import { paymentAbi, stakingAbi } from '@free/protocol/abi/index';
import { PAYMENT_ORDER_TYPES, paymentDomain } from '@free/protocol/typed-data';
import { sql } from 'drizzle-orm';
import { type Address, erc20Abi, keccak256, parseEther, parseEventLogs, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers.ts';
import {
  chainWallet,
  localAccount,
  localTestKey,
  startTestChain,
  type TestChain,
} from '../../test/support/test-chain.ts';
import { BACKEND, openTestDb } from '../../test/support/test-db.ts';
import { type DbHandle, rows } from '../db/client.ts';
import { paymentTermsReader } from '../lib/payment-terms.ts';
import { getBalance, userAccount } from '../services/ledger.ts';
import { createRechargeOrder, creditPaidEvent } from '../services/recharge.ts';
import { listOrders, setChainAutoRenew } from '../services/staking-orders.ts';
import { bindInviter, teamInfo } from '../services/team.ts';
import { stakeRef } from '../services/team-ref.ts';
import { listUnmatchedPayments } from '../services/unmatched-payments.ts';
import { toRechargeView } from '../views/wallet.ts';
import { type IndexerOptions, indexOnce, indexUntilCaughtUp } from './indexer.ts';

let chain: TestChain;
let h: DbHandle;
const A = localAccount(1);
const B = localAccount(2);
const SIGNER_KEY = localTestKey(10);

const wallet = (a: typeof A) => chainWallet(chain.rpcUrl, a);

function options(extra: Partial<IndexerOptions> = {}): IndexerOptions {
  return {
    db: h,
    client: chain.client,
    contracts: { staking: chain.deployment.staking, payment: chain.deployment.payment },
    startBlock: chain.deployment.startBlock,
    finalityDepth: 2,
    onPaid: creditPaidEvent,
    ...extra,
  };
}

async function userId(a: { address: Address }): Promise<number> {
  const addr = a.address.toLowerCase();
  await h.db.execute(sql`INSERT INTO users (address) VALUES (${addr}) ON CONFLICT (address) DO NOTHING`);
  const [u] = await rows<{ id: number }>(h.db, sql`SELECT id FROM users WHERE address = ${addr}`);
  return u?.id as number;
}

async function send(
  a: typeof A,
  address: Address,
  abi: readonly unknown[],
  functionName: string,
  args: readonly unknown[],
) {
  const hash = await wallet(a).writeContract({
    address,
    abi: abi as never,
    functionName: functionName as never,
    args: args as never,
  });
  const r = await chain.client.waitForTransactionReceipt({ hash });
  expect(r.status).toBe('success');
  return r;
}

async function newOrder(a: typeof A, amount: string) {
  const config = testConfig({ deployment: { ...chain.deployment }, signerKey: SIGNER_KEY, chainId: 31337 });
  const terms = paymentTermsReader(chain.client, chain.deployment.payment);
  const now = new Date(Number((await chain.client.getBlock()).timestamp) * 1000);
  const order = await createRechargeOrder(h, config, {
    userId: await userId(a),
    userAddress: a.address,
    amount,
    now,
    terms,
  });
  return toRechargeView(order, config, now);
}

async function pay(a: typeof A, order: Awaited<ReturnType<typeof newOrder>>) {
  await send(a, chain.deployment.usdt, erc20Abi, 'approve', [
    chain.deployment.payment,
    BigInt(order.amountWei),
  ]);
  return send(a, chain.deployment.payment, paymentAbi, 'payment', [
    order.orderId,
    chain.deployment.usdt,
    BigInt(order.amountWei),
    BigInt(order.endTime),
    order.signature,
  ]);
}

// stake bounds that accept any cycle terms (the terms are not what these tests are about)
const ANY_FEE = 10_000;
const ANY_RATE = 0;

/** What an order credits once paid: its amount minus the burn share and the executor reward. */
const net = (o: { credit: string }) => parseEther(o.credit);
const treasuryUsdt = async () =>
  chain.client.readContract({
    address: chain.deployment.usdt,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [
      await chain.client.readContract({
        address: chain.deployment.payment,
        abi: paymentAbi,
        functionName: 'treasury',
      }),
    ],
  });

const wallet$ = async (a: typeof A) => getBalance(h.db, userAccount(await userId(a)), 'USDT');

describe.each(BACKEND)('indexer on $name', ({ url }) => {
  beforeAll(async () => {
    chain = await startTestChain();
    h = await openTestDb(url);
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await chain?.stop();
  });

  describe('indexer', () => {
    it('applies stakes, inviter binding, unstakes, burns and recharges once across restarts and a crash', async () => {
      const a = await userId(A);
      const b = await userId(B);
      await h.transaction((tx) => bindInviter(tx, b, a)); // as the login with ?inviter= does
      const ref = await h.transaction((tx) =>
        stakeRef(tx, {
          userId: b,
          address: B.address,
          signerKey: SIGNER_KEY,
          chainId: 31337,
          staking: chain.deployment.staking,
          now: new Date(),
        }),
      );
      expect(ref.parents).toEqual([A.address]);

      await send(B, chain.deployment.usdt, erc20Abi, 'approve', [
        chain.deployment.staking,
        parseEther('1000'),
      ]);
      // the contract accepts the server's EIP-712 Inviter signature
      await send(B, chain.deployment.staking, stakingAbi, 'stakeWithInviter', [
        parseEther('100'),
        0n,
        0,
        ANY_FEE,
        ANY_RATE,
        ref.parents,
        ref.message,
        ref.signature,
      ]);
      const staked = await send(B, chain.deployment.staking, stakingAbi, 'stake', [
        parseEther('200'),
        0n,
        2,
        ANY_FEE,
        ANY_RATE,
      ]);
      const order = await newOrder(A, '50');
      await pay(A, order);
      await chain.test.increaseTime({ seconds: 8 * 86_400 });
      await chain.test.mine({ blocks: 1 });
      await send(B, chain.deployment.staking, stakingAbi, 'unstake', [0n]);
      await chain.test.mine({ blocks: 3 });

      // first run: two tiny batches, then "stopped"
      await indexOnce(options({ batchBlocks: 3 }));
      await indexOnce(options({ batchBlocks: 3 }));
      // a crash inside the batch that holds the payment: nothing of that batch is kept
      let crashed = 0;
      const crashing = options({
        batchBlocks: 1,
        onPaid: async () => {
          crashed++;
          throw new Error('killed');
        },
      });
      let failure: unknown = null;
      for (let i = 0; i < 100 && crashed === 0; i++) {
        const step = await indexOnce(crashing).catch((err: unknown) => {
          failure = err;
          return null;
        });
        if (step === null) break;
      }
      expect(crashed).toBe(1);
      expect((failure as Error | null)?.message).toBe('killed');
      expect(await wallet$(A)).toBe(0n);
      // restart: a fresh indexer resumes from the cursor
      await indexUntilCaughtUp(options({ batchBlocks: 4 }));

      expect(await wallet$(A)).toBe(net(order));
      const stakes = await rows<{ stake_index: number; status: string; principal: string }>(
        h.db,
        sql`SELECT stake_index, status, principal::text FROM chain_stakes WHERE user_id = ${b} ORDER BY stake_index`,
      );
      expect(stakes.map((s) => [s.stake_index, s.status])).toEqual([
        [0, 'redeemed'],
        [1, 'active'],
      ]);
      // the order list serves each stake's record index from its Staked event (not its cycle)
      const [stakedEvent] = parseEventLogs({ abi: stakingAbi, logs: staked.logs, eventName: 'Staked' });
      expect(stakedEvent?.args).toMatchObject({ index: 1n, stakeIndex: 2 });
      const orders = await listOrders(h.db, { userId: b, page: 1, size: 10, now: new Date() });
      expect(orders.list.map((o) => [o.chainIndex, o.cycle]).sort()).toEqual([
        [0, 0],
        [1, 2],
      ]);
      const info = await teamInfo(h.db, a);
      expect(info.teamCount).toBe(1);
      expect(info.totalPerformance).toBe(BigInt(stakes[1]?.principal ?? 0));
      expect(info.marketMakers).toBe(1);
      expect(info.validCount).toBe(1);
      const burns = await rows<{ source: string }>(h.db, sql`SELECT source FROM burn_records ORDER BY id`);
      expect(burns.map((x) => x.source).sort()).toEqual(['payment', 'stake_fee', 'stake_fee']);
      const used = await rows(
        h.db,
        sql`SELECT 1 FROM inviter_nonces WHERE nonce = ${ref.nonce} AND used_at IS NOT NULL`,
      );
      expect(used).toHaveLength(1);

      // re-reading the whole range (cursor reset by hand) changes nothing
      await h.db.execute(
        sql`UPDATE chain_cursors SET block_number = ${chain.deployment.startBlock - 1}, block_hash = NULL`,
      );
      await indexUntilCaughtUp(options());
      expect(await wallet$(A)).toBe(net(order));
      expect(await teamInfo(h.db, a)).toEqual(info);
      expect(await rows(h.db, sql`SELECT 1 FROM burn_records`)).toHaveLength(3);
    }, 120_000);

    it('mirrors renewals: old order renewed, new one with its round and terms, every third round computing power', async () => {
      const a = await userId(A);
      const b = await userId(B);
      // B invited by A (the first test binds it; bind here when it runs alone)
      if ((await rows(h.db, sql`SELECT 1 FROM team_paths WHERE descendant_id = ${b}`)).length === 0) {
        await h.transaction((tx) => bindInviter(tx, b, a));
      }
      await send(B, chain.deployment.usdt, erc20Abi, 'approve', [chain.deployment.staking, parseEther('10')]);
      const staked = await send(B, chain.deployment.staking, stakingAbi, 'stake', [
        parseEther('10'),
        0n,
        0,
        ANY_FEE,
        ANY_RATE,
      ]);
      const [ev] = parseEventLogs({ abi: stakingAbi, logs: staked.logs, eventName: 'Staked' });
      let index = ev?.args.index as bigint;
      await chain.test.mine({ blocks: 3 });
      await indexUntilCaughtUp(options());
      const [first] = await rows<{ id: number }>(
        h.db,
        sql`SELECT id FROM chain_stakes WHERE user_id = ${b} AND stake_index = ${Number(index)}`,
      );
      const firstId = `C${String(first?.id).padStart(8, '0')}`;
      const now = new Date();
      // auto-renew: only the owner, only on-chain, only while open
      const on = await setChainAutoRenew(h.db, { userId: b, orderId: firstId, autoRenew: true, now });
      expect(on.autoRenew).toBe(true);
      await expect(
        setChainAutoRenew(h.db, { userId: a, orderId: firstId, autoRenew: true, now }),
      ).rejects.toThrow(/^404 \(orderId\)/);
      await expect(
        setChainAutoRenew(h.db, { userId: b, orderId: 'B00000001', autoRenew: true, now }),
      ).rejects.toThrow(/^400 \(orderId\): not an on-chain stake/);

      const before = (await teamInfo(h.db, a)).totalPerformance;
      const mmStakes = async () =>
        (
          await rows<{ mm_stakes: number }>(h.db, sql`SELECT mm_stakes FROM team_stats WHERE user_id = ${b}`)
        )[0]?.mm_stakes;
      const mmBefore = await mmStakes();
      const renewals = [];
      for (let round = 1; round <= 3; round++) {
        await chain.test.increaseTime({ seconds: 7 * 86_400 });
        await chain.test.mine({ blocks: 1 });
        // the third round renews into another cycle: the market-maker one
        const into = round === 3 ? 2 : 0;
        const r = await send(B, chain.deployment.staking, stakingAbi, 'renew', [index, into, 0]);
        const [renewed] = parseEventLogs({ abi: stakingAbi, logs: r.logs, eventName: 'Renewed' });
        if (!renewed) throw new Error('no Renewed event');
        renewals.push(renewed.args);
        index = renewed.args.newIndex;
      }
      await chain.test.mine({ blocks: 3 });
      await indexUntilCaughtUp(options());

      const chainRows = await rows<{
        id: number;
        status: string;
        round: number;
        principal: string;
        interest: string | null;
        contribution: string | null;
        auto_renew: boolean;
        parent_id: number | null;
      }>(
        h.db,
        sql`SELECT id, status, round, principal::text, interest::text, contribution::text, auto_renew, parent_id
          FROM chain_stakes WHERE user_id = ${b} AND id >= ${first?.id} ORDER BY id`,
      );
      expect(chainRows.map((r) => [r.status, r.round, r.auto_renew])).toEqual([
        ['renewed', 1, true],
        ['renewed', 2, true],
        ['renewed', 3, true],
        ['active', 4, true],
      ]);
      for (const [i, e] of renewals.entries()) {
        expect(chainRows[i]?.interest).toBe(e.interest.toString());
        expect(chainRows[i + 1]?.principal).toBe(e.principal.toString());
        expect(chainRows[i + 1]?.parent_id).toBe(chainRows[i]?.id);
      }
      // the third round gave 20 % of principal + interest to computing power, the first two nothing
      const third = renewals[2];
      if (!third) throw new Error('no third renewal');
      expect(renewals.map((e) => e.contribution > 0n)).toEqual([false, false, true]);
      expect(third.contribution).toBe(
        ((BigInt(chainRows[2]?.principal ?? 0) + third.interest) * 2000n) / 10_000n,
      );
      const grants = await rows<{ user_id: number; source: string; amount: string }>(
        h.db,
        sql`SELECT user_id, source, amount::text FROM hashrate_grants WHERE ref LIKE ${`C${chainRows[2]?.id}%`} ORDER BY id`,
      );
      expect(grants.map((g) => [g.user_id, g.source])).toEqual([
        [b, 'rwa_contribution'],
        [a, 'direct_bonus'],
      ]);
      expect(grants[0]?.amount).toBe(third.contribution.toString());
      // the one stake moved into the market-maker cycle: B holds one more stake there
      expect(await mmStakes()).toBe((mmBefore ?? 0) + 1);
      // the inviter's team performance follows the principal: + interest, − contribution
      const last = renewals.at(-1);
      expect((await teamInfo(h.db, a)).totalPerformance - before).toBe(
        (last?.principal ?? 0n) - parseEther('9.8'),
      );
      // the order list: renewed rounds and the open one, with its round
      const orders = await listOrders(h.db, { userId: b, page: 1, size: 20, now: new Date() });
      const open = orders.list.find((o) => o.chainIndex === Number(index));
      expect(open).toMatchObject({ status: 'active', round: 4, autoRenew: true, fee: 0n });
      await expect(
        setChainAutoRenew(h.db, { userId: b, orderId: firstId, autoRenew: false, now }),
      ).rejects.toThrow(/^409 \(orderId\): order is renewed/);
      // re-reading changes nothing
      await h.db.execute(
        sql`UPDATE chain_cursors SET block_number = ${chain.deployment.startBlock - 1}, block_hash = NULL`,
      );
      await indexUntilCaughtUp(options());
      expect(
        await rows(h.db, sql`SELECT 1 FROM chain_stakes WHERE user_id = ${b} AND id >= ${first?.id}`),
      ).toHaveLength(4);
      expect(
        await rows(h.db, sql`SELECT 1 FROM hashrate_grants WHERE ref LIKE ${`C${chainRows[2]?.id}%`}`),
      ).toHaveLength(2);
    }, 120_000);

    it('a reorg inside the finality depth cannot double credit, nor credit a payment that vanished', async () => {
      await indexUntilCaughtUp(options());
      const before = await wallet$(A);

      // 1) paid, reorged away before final, paid again in the new chain: credited once
      const o1 = await newOrder(A, '7');
      const snap1 = await chain.test.snapshot();
      await pay(A, o1);
      const early = await indexOnce(options());
      expect(early?.applied ?? 0).toBe(0); // not final yet: nothing applied
      expect(await wallet$(A)).toBe(before);
      await chain.test.revert({ id: snap1 });
      await pay(A, o1);
      await chain.test.mine({ blocks: 3 });
      await indexUntilCaughtUp(options());
      expect(await wallet$(A)).toBe(before + net(o1));

      // 2) paid, then the block is reorged away and never comes back: no credit
      const o2 = await newOrder(A, '9');
      const snap2 = await chain.test.snapshot();
      await pay(A, o2);
      await chain.test.mine({ blocks: 1 });
      await indexUntilCaughtUp(options());
      await chain.test.revert({ id: snap2 });
      await chain.test.mine({ blocks: 5 });
      await indexUntilCaughtUp(options());
      expect(await wallet$(A)).toBe(before + net(o1));
      const [o2row] = await rows<{ state: string }>(
        h.db,
        sql`SELECT state FROM recharge_orders WHERE order_id = ${o2.orderId.toLowerCase()}`,
      );
      expect(o2row?.state).toBe('pending');
    }, 120_000);

    it('keeps a payment for an order it does not know, once, instead of dropping it', async () => {
      await indexUntilCaughtUp(options());
      const before = await wallet$(A);
      // an order the signer signed but this database never made (another database, a lost row)
      const orderId = keccak256(toHex(`lost-order-${Date.now()}`));
      const amount = parseEther('3');
      const endTime = (await chain.client.getBlock()).timestamp + 600n;
      const terms = await paymentTermsReader(chain.client, chain.deployment.payment)();
      const signature = await privateKeyToAccount(SIGNER_KEY).signTypedData({
        domain: paymentDomain(31337, chain.deployment.payment),
        types: PAYMENT_ORDER_TYPES,
        primaryType: 'Order',
        message: {
          orderId,
          payer: A.address,
          token: chain.deployment.usdt,
          to: terms.treasury,
          amount,
          burnBps: terms.burnBps,
          endTime,
        },
      });
      await send(A, chain.deployment.usdt, erc20Abi, 'approve', [chain.deployment.payment, amount]);
      const paid = await send(A, chain.deployment.payment, paymentAbi, 'payment', [
        orderId,
        chain.deployment.usdt,
        amount,
        endTime,
        signature,
      ]);
      await chain.test.mine({ blocks: 3 });
      await indexUntilCaughtUp(options());
      expect(await wallet$(A)).toBe(before);
      const unmatched = await listUnmatchedPayments(h.db);
      const row = unmatched.list.find((p) => p.orderId === orderId.toLowerCase());
      expect(row).toMatchObject({
        txHash: paid.transactionHash.toLowerCase(),
        payer: A.address.toLowerCase(),
        toAddress: terms.treasury.toLowerCase(),
        amount,
        reason: 'unknown_order',
      });
      // re-reading the range records it once
      await h.db.execute(
        sql`UPDATE chain_cursors SET block_number = ${chain.deployment.startBlock - 1}, block_hash = NULL`,
      );
      await indexUntilCaughtUp(options());
      expect((await listUnmatchedPayments(h.db)).total).toBe(unmatched.total);
    }, 120_000);

    it('never credits a paid recharge more than reached the treasury, whatever the burn and reward', async () => {
      await indexUntilCaughtUp(options());
      const owner = localAccount(0);
      // the owner raises the burn share and the executor reward to their caps
      const maxBurn = await chain.client.readContract({
        address: chain.deployment.payment,
        abi: paymentAbi,
        functionName: 'MAX_BURN_BPS',
      });
      const maxReward = await chain.client.readContract({
        address: chain.deployment.payment,
        abi: paymentAbi,
        functionName: 'MAX_EXECUTOR_REWARD_BPS',
      });
      const original = await paymentTermsReader(chain.client, chain.deployment.payment)();
      for (const [burnBps, rewardBps] of [
        [original.burnBps, original.executorRewardBps],
        [maxBurn, maxReward],
        [0n, maxReward],
      ] as const) {
        await send(owner, chain.deployment.payment, paymentAbi, 'setBurnBps', [burnBps]);
        await send(owner, chain.deployment.payment, paymentAbi, 'setExecutorRewardBps', [rewardBps]);
        const order = await newOrder(A, '40');
        const walletBefore = await wallet$(A);
        const treasuryBefore = await treasuryUsdt();
        await pay(A, order);
        const reached = (await treasuryUsdt()) - treasuryBefore;
        await chain.test.mine({ blocks: 3 });
        await indexUntilCaughtUp(options());
        const credited = (await wallet$(A)) - walletBefore;
        expect(credited).toBeGreaterThan(0n);
        expect(credited).toBeLessThanOrEqual(reached);
        // the page showed this credit before the payment
        expect(credited).toBe(net(order));
      }
      await send(owner, chain.deployment.payment, paymentAbi, 'setBurnBps', [original.burnBps]);
      await send(owner, chain.deployment.payment, paymentAbi, 'setExecutorRewardBps', [
        original.executorRewardBps,
      ]);
    }, 120_000);

    it('rewinds when the cursor block was replaced by a reorg deeper than the depth, without double credit', async () => {
      await indexUntilCaughtUp(options());
      const before = await wallet$(A);
      const o = await newOrder(A, '11');
      const snap = await chain.test.snapshot();
      await pay(A, o);
      await chain.test.mine({ blocks: 3 });
      await indexUntilCaughtUp(options({ finalityDepth: 0 }));
      expect(await wallet$(A)).toBe(before + net(o));
      // a deeper reorg than the depth: the same payment lands again in other blocks
      await chain.test.revert({ id: snap });
      await chain.test.mine({ blocks: 1 });
      await pay(A, o);
      await chain.test.mine({ blocks: 4 });
      const step = await indexOnce(options({ finalityDepth: 0 }));
      expect(step?.rewound).toBeGreaterThan(0);
      await indexUntilCaughtUp(options({ finalityDepth: 0 }));
      expect(await wallet$(A)).toBe(before + net(o));
    }, 120_000);
  });
});
