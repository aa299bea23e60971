// Payout worker against a real anvil: crash at the risky points, restart, count what reached the chain.
import { sql } from 'drizzle-orm';
import { type Address, erc20Abi, type Hex, keccak256, parseEther, parseGwei } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainWallet, localAccount, startTestChain, type TestChain } from '../../test/support/test-chain.ts';
import { BACKEND, openTestDb } from '../../test/support/test-db.ts';
import { queueUsdtWithdrawal } from '../../test/support/withdrawals.ts';
import { type DbHandle, rows } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import { getBalance, systemAccount, transfer, userAccount } from '../services/ledger.ts';
import { getSettings, seedSettings, writeSetting } from '../services/settings.ts';
import { applyWithdrawal, approveWithdrawal } from '../services/withdraw.ts';
import { type PayoutOptions, payoutOnce } from './payout.ts';

let chain: TestChain;
let h: DbHandle;
const hot = localAccount(11);

function options(extra: Partial<PayoutOptions> = {}): PayoutOptions {
  return {
    db: h,
    client: chain.client,
    account: hot,
    chainId: 31337,
    tokens: { USDT: chain.deployment.usdt, FREE: chain.deployment.free },
    finalityDepth: 2,
    // far above the fees these tests raise the base fee to (the ceiling has its own test)
    maxFeePerGas: parseGwei('1000000'),
    ...extra,
  };
}

let userSeq = 20;
/** A user with `funded` USDT in the ledger who asks to withdraw `amount` (debit + queue in one tx). */
const queueWithdrawal = (amount: bigint, funded = amount) =>
  queueUsdtWithdrawal(h, localAccount(userSeq++).address, amount, funded);

async function transfersTo(to: Address, fromBlock = 0n) {
  const logs = await chain.client.getContractEvents({
    address: chain.deployment.usdt,
    abi: erc20Abi,
    eventName: 'Transfer',
    args: { from: hot.address, to },
    fromBlock,
  });
  return logs.map((l) => l.args.value);
}

async function state(id: number) {
  const [w] = await rows<{ state: string; tx_hash: string | null; raw_tx: string | null }>(
    h.db,
    sql`SELECT state, tx_hash, raw_tx FROM withdrawals WHERE id = ${id}`,
  );
  return w;
}

async function settle(o = options()) {
  await chain.test.mine({ blocks: 3 });
  return payoutOnce(o);
}

/** A logger that keeps the warnings: each names the withdrawal it is about. */
function recorder() {
  const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
  const errors: { obj: Record<string, unknown>; msg: string }[] = [];
  const log: Logger = {
    info: () => {},
    error: (obj, msg) => errors.push({ obj: obj as Record<string, unknown>, msg: msg ?? '' }),
    warn: (obj, msg) => warnings.push({ obj: obj as Record<string, unknown>, msg: msg ?? '' }),
  };
  const about = (id: number, text: string) =>
    warnings.filter(
      // ids compared as numbers: a bigint id reads back as a string from PostgreSQL
      (w) =>
        w.msg.includes(text) &&
        (Number(w.obj.id) === Number(id) ||
          (w.obj.ids as number[] | undefined)?.map(Number).includes(Number(id))),
    );
  return { log, warnings, errors, about };
}

/** A transaction of the hot wallet sent outside the worker (an operator's, or a leaked key's). */
async function sendFromHotWallet(nonce?: number) {
  const n = nonce ?? (await chain.client.getTransactionCount({ address: hot.address, blockTag: 'pending' }));
  const fees = await chain.client.estimateFeesPerGas();
  const raw = await hot.signTransaction({
    chainId: 31337,
    type: 'eip1559',
    to: hot.address,
    value: 0n,
    nonce: n,
    gas: 21_000n,
    // far above the worker's, so it replaces the worker's transaction in the mempool
    maxFeePerGas: fees.maxFeePerGas * 20n + parseGwei('100'),
    maxPriorityFeePerGas: parseGwei('100'),
  });
  return chain.client.sendRawTransaction({ serializedTransaction: raw });
}

async function attemptsOf(id: number) {
  return rows<{ nonce: number; tx_hash: Hex; max_fee_per_gas: string }>(
    h.db,
    sql`SELECT o.nonce, v.tx_hash, v.max_fee_per_gas::text FROM hot_wallet_tx_versions v
        JOIN hot_wallet_txs o ON o.id = v.outbox_id WHERE o.kind = 'withdrawal' AND o.ref_id = ${id} ORDER BY v.id`,
  );
}

/** Raises the base fee far above what the worker signed with, and mines a block at that fee. */
async function raiseBaseFee() {
  // well above the worker's fee (twice the estimate plus the tip), whatever the base fee was
  const estimate = await chain.client.estimateFeesPerGas();
  await chain.test.setNextBlockBaseFeePerGas({
    baseFeePerGas: (estimate.maxFeePerGas + estimate.maxPriorityFeePerGas) * 100n,
  });
  await chain.test.mine({ blocks: 1 });
}

async function refundsOf(id: number) {
  return rows(
    h.db,
    sql`SELECT 1 FROM ledger_entries WHERE tx_key = ${`withdraw_refund:${id}`} AND side = 'credit'`,
  );
}

describe.each(BACKEND)('payout on $name', ({ url }) => {
  beforeAll(async () => {
    chain = await startTestChain();
    h = await openTestDb(url);
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await chain?.stop();
  });

  describe('payout worker', () => {
    it('killed between broadcast and confirmation: after restart, exactly one payout', async () => {
      const w = await queueWithdrawal(parseEther('12.5'));
      const crash = new Error('killed');
      await expect(
        payoutOnce(
          options({
            hooks: {
              afterBroadcast: () => {
                throw crash;
              },
            },
          }),
        ),
      ).rejects.toBe(crash);
      const saved = await state(w.id);
      expect(saved?.state).toBe('signed'); // on chain already, but the worker died before noting it
      // automine mines it as it arrives, though not always before the node has answered the send
      await chain.client.waitForTransactionReceipt({ hash: saved?.tx_hash as Hex });
      expect(await transfersTo(w.to)).toEqual([parseEther('12.5')]);

      await payoutOnce(options()); // restart: re-sends the SAME raw tx, finds it known
      expect((await state(w.id))?.state).toBe('broadcast'); // still 'waiting for on-chain confirmation'
      await settle();
      const after = await state(w.id);
      expect(after?.state).toBe('confirmed');
      expect(after?.tx_hash).toBe(saved?.tx_hash);
      expect(await transfersTo(w.to)).toEqual([parseEther('12.5')]);
    }, 60_000);

    it('killed after signing, before broadcast: the saved transaction is the one sent', async () => {
      const w = await queueWithdrawal(parseEther('3'));
      await expect(
        payoutOnce(
          options({
            hooks: {
              afterSign: () => {
                throw new Error('killed');
              },
            },
          }),
        ),
      ).rejects.toThrow('killed');
      const saved = await state(w.id);
      expect(saved?.state).toBe('signed');
      expect(await transfersTo(w.to)).toEqual([]);
      await payoutOnce(options());
      await settle();
      await settle();
      const after = await state(w.id);
      expect(after?.state).toBe('confirmed');
      expect(after?.raw_tx).toBe(saved?.raw_tx);
      const receipt = await chain.client.getTransactionReceipt({ hash: saved?.tx_hash as `0x${string}` });
      expect(receipt.status).toBe('success');
      expect(await transfersTo(w.to)).toEqual([parseEther('3')]);
    }, 60_000);

    it('more than the hot wallet holds: waits for funds with no transaction on chain; funded, pays each once, in order', async () => {
      // the hot wallet's USDT is moved away: it holds nothing to pay with
      const holder = localAccount(5);
      const usdtOf = (who: Address) =>
        chain.client.readContract({
          address: chain.deployment.usdt,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [who],
        });
      const all = await usdtOf(hot.address);
      await chainWallet(chain.rpcUrl, hot).writeContract({
        address: chain.deployment.usdt,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [holder.address, all],
      });
      const first = await queueWithdrawal(parseEther('5'));
      const second = await queueWithdrawal(parseEther('3'));
      const nonceBefore = await chain.client.getTransactionCount({
        address: hot.address,
        blockTag: 'pending',
      });
      const rec = recorder();
      for (let i = 0; i < 3; i++) await settle(options({ log: rec.log }));
      const holds = await rows<{ id: number; state: string; hold: unknown }>(
        h.db,
        sql`SELECT id, state, hold FROM withdrawals WHERE id IN (${first.id}, ${second.id}) ORDER BY id`,
      );
      // the operator sees what is missing: up to each one, in order
      expect(holds.map((w) => [w.state, w.hold])).toEqual([
        ['queued', { kind: 'funds', missing: [{ asset: 'USDT', amount: parseEther('5').toString() }] }],
        ['queued', { kind: 'funds', missing: [{ asset: 'USDT', amount: parseEther('8').toString() }] }],
      ]);
      expect(await chain.client.getTransactionCount({ address: hot.address, blockTag: 'pending' })).toBe(
        nonceBefore,
      );
      expect(await transfersTo(first.to)).toEqual([]);
      expect(await refundsOf(first.id)).toHaveLength(0);
      expect(rec.errors.filter((e) => /waits for funds/.test(e.msg)).map((e) => Number(e.obj.id))).toEqual([
        Number(first.id),
        Number(second.id),
      ]);

      // funded again: both are paid once, the older first
      await chainWallet(chain.rpcUrl, holder).writeContract({
        address: chain.deployment.usdt,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [hot.address, all],
      });
      await payoutOnce(options());
      await settle();
      await settle();
      const paid = await rows<{ state: string; chain_nonce: number; hold: unknown }>(
        h.db,
        sql`SELECT state, chain_nonce, hold FROM withdrawals WHERE id IN (${first.id}, ${second.id}) ORDER BY id`,
      );
      expect(paid.map((w) => [w.state, w.hold])).toEqual([
        ['confirmed', null],
        ['confirmed', null],
      ]);
      expect(Number(paid[0]?.chain_nonce)).toBeLessThan(Number(paid[1]?.chain_nonce));
      expect(await transfersTo(first.to)).toEqual([parseEther('5')]);
      expect(await transfersTo(second.to)).toEqual([parseEther('3')]);
    }, 90_000);

    it('no BNB for gas: waits for funds with no transaction on chain; with BNB again, pays once', async () => {
      const bnb = await chain.client.getBalance({ address: hot.address });
      await chain.test.setBalance({ address: hot.address, value: 0n });
      const w = await queueWithdrawal(parseEther('4'));
      const nonceBefore = await chain.client.getTransactionCount({
        address: hot.address,
        blockTag: 'pending',
      });
      try {
        await settle();
        await settle();
        const [held] = await rows<{
          state: string;
          hold: { kind: string; missing: { asset: string; amount: string }[] };
        }>(h.db, sql`SELECT state, hold FROM withdrawals WHERE id = ${w.id}`);
        expect(held?.state).toBe('queued');
        expect(held?.hold.kind).toBe('funds');
        expect(held?.hold.missing.map((m) => m.asset)).toEqual(['BNB']);
        expect(BigInt(held?.hold.missing[0]?.amount ?? '0')).toBeGreaterThan(0n);
        expect(await chain.client.getTransactionCount({ address: hot.address, blockTag: 'pending' })).toBe(
          nonceBefore,
        );
      } finally {
        await chain.test.setBalance({ address: hot.address, value: bnb });
      }
      await payoutOnce(options());
      await settle();
      expect((await state(w.id))?.state).toBe('confirmed');
      expect(await transfersTo(w.to)).toEqual([parseEther('4')]);
    }, 60_000);

    it('refunds a reverted payout exactly once, through the ledger', async () => {
      // the tokens leave the hot wallet between signing and mining (an allowance it gave): the
      // transfer reverts on chain
      const thief = localAccount(6);
      await chainWallet(chain.rpcUrl, hot).writeContract({
        address: chain.deployment.usdt,
        abi: erc20Abi,
        functionName: 'approve',
        args: [thief.address, 2n ** 255n],
      });
      const w = await queueWithdrawal(parseEther('2'));
      let taken = 0n;
      await payoutOnce(
        options({
          hooks: {
            afterSign: async () => {
              taken = await chain.client.readContract({
                address: chain.deployment.usdt,
                abi: erc20Abi,
                functionName: 'balanceOf',
                args: [hot.address],
              });
              await chainWallet(chain.rpcUrl, thief).writeContract({
                address: chain.deployment.usdt,
                abi: erc20Abi,
                functionName: 'transferFrom',
                args: [hot.address, thief.address, taken],
              });
            },
          },
        }),
      );
      await settle();
      expect((await state(w.id))?.state).toBe('refunded');
      expect(await getBalance(h.db, userAccount(w.userId), 'USDT')).toBe(parseEther('2'));
      await settle(); // another pass changes nothing
      await payoutOnce(options());
      expect(await getBalance(h.db, userAccount(w.userId), 'USDT')).toBe(parseEther('2'));
      expect(await refundsOf(w.id)).toHaveLength(1);
      expect(await transfersTo(w.to)).toEqual([]);
      // the tokens go back for the next tests
      await chainWallet(chain.rpcUrl, thief).writeContract({
        address: chain.deployment.usdt,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [hot.address, taken],
      });
    }, 60_000);

    it('pays every accepted withdrawal once with two workers running at the same time', async () => {
      const start = await chain.client.getBlockNumber();
      const list = [];
      for (let i = 0; i < 8; i++) list.push(await queueWithdrawal(parseEther(String(i + 1))));
      await Promise.all([
        payoutOnce(options({ batch: 3 })),
        payoutOnce(options({ batch: 3 })),
        payoutOnce(options({ batch: 3 })),
      ]);
      for (let i = 0; i < 5; i++) await settle();
      for (const [i, w] of list.entries()) {
        expect((await state(w.id))?.state).toBe('confirmed');
        expect(await transfersTo(w.to, start + 1n)).toEqual([parseEther(String(i + 1))]);
      }
      const nonces = await rows<{ chain_nonce: number }>(
        h.db,
        sql`SELECT chain_nonce FROM withdrawals ORDER BY chain_nonce`,
      );
      expect(new Set(nonces.map((n) => n.chain_nonce)).size).toBe(nonces.length);
    }, 120_000);

    it('pays every accepted withdrawal once when many are applied at the same time against one balance', async () => {
      await seedSettings(h.db);
      const acct = localAccount(userSeq++);
      const [u] = await rows<{ id: number }>(
        h.db,
        sql`INSERT INTO users (address) VALUES (${acct.address.toLowerCase()}) RETURNING id`,
      );
      const userId = u?.id as number;
      await h.transaction((tx) =>
        transfer(tx, {
          key: `fund:${userId}`,
          from: systemAccount('recharge'),
          to: userAccount(userId),
          asset: 'USDT',
          amount: parseEther('25'),
          kind: 'recharge',
        }),
      );
      const start = await chain.client.getBlockNumber({ cacheTime: 0 });
      // 40 requests of 2 USDT against 25 USDT: exactly 12 can be accepted
      const results = await Promise.allSettled(
        Array.from({ length: 40 }, (_, i) =>
          applyWithdrawal(h, {
            userId,
            userAddress: acct.address,
            amount: '2',
            coin: 'USDT',
            idempotencyKey: `many-${i}`,
            now: new Date(),
          }),
        ),
      );
      const accepted = results.filter((r) => r.status === 'fulfilled').length;
      expect(accepted).toBe(12);
      await Promise.all([payoutOnce(options({ batch: 5 })), payoutOnce(options({ batch: 5 }))]);
      for (let i = 0; i < 6; i++) await settle(options({ batch: 5 }));
      const states = await rows<{ state: string }>(
        h.db,
        sql`SELECT state FROM withdrawals WHERE user_id = ${userId}`,
      );
      expect(states.map((x) => x.state)).toEqual(Array(12).fill('confirmed'));
      expect(await transfersTo(acct.address, start + 1n)).toEqual(Array(12).fill(parseEther('2')));
      expect(await getBalance(h.db, userAccount(userId), 'USDT')).toBe(parseEther('1'));
    }, 120_000);

    it('pays a FREE withdrawal from the airdrop balance with a FREE token transfer', async () => {
      await seedSettings(h.db);
      const acct = localAccount(userSeq++);
      const [u] = await rows<{ id: number }>(
        h.db,
        sql`INSERT INTO users (address) VALUES (${acct.address.toLowerCase()}) RETURNING id`,
      );
      const userId = u?.id as number;
      await h.transaction((tx) =>
        transfer(tx, {
          key: `fund-free:${userId}`,
          from: systemAccount('income'),
          to: userAccount(userId, 'airdrop'),
          asset: 'FREE',
          amount: parseEther('150'),
          kind: 'airdrop_unlock',
        }),
      );
      const freeOf = (who: Address) =>
        chain.client.readContract({
          address: chain.deployment.free,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [who],
        });
      const before = await freeOf(acct.address);
      const w = await applyWithdrawal(h, {
        userId,
        userAddress: acct.address,
        amount: '120.5',
        coin: 'FREE',
        now: new Date(),
      });
      expect(w).toMatchObject({ asset: 'FREE', state: 'queued' });
      await payoutOnce(options());
      await settle();
      const after = await state(w.id);
      expect(after?.state).toBe('confirmed');
      expect((await freeOf(acct.address)) - before).toBe(parseEther('120.5'));
      // no USDT left the hot wallet for it
      expect(await transfersTo(acct.address)).toEqual([]);
      expect(await getBalance(h.db, userAccount(userId, 'airdrop'), 'FREE')).toBe(parseEther('29.5'));
    }, 60_000);

    it('leaves a withdrawal in review unpaid until an operator approves it', async () => {
      await seedSettings(h.db);
      const before = (await getSettings(h.db)).withdraw_review_above_wei;
      await writeSetting(h.db, 'withdraw_review_above_wei', String(parseEther('50')));
      try {
        const acct = localAccount(userSeq++);
        const [u] = await rows<{ id: number }>(
          h.db,
          sql`INSERT INTO users (address) VALUES (${acct.address.toLowerCase()}) RETURNING id`,
        );
        const userId = u?.id as number;
        await h.transaction((tx) =>
          transfer(tx, {
            key: `fund-review:${userId}`,
            from: systemAccount('recharge'),
            to: userAccount(userId),
            asset: 'USDT',
            amount: parseEther('80'),
            kind: 'recharge',
          }),
        );
        const w = await applyWithdrawal(h, {
          userId,
          userAddress: acct.address,
          amount: '60',
          coin: 'USDT',
          now: new Date(),
        });
        expect(w.state).toBe('review');
        await payoutOnce(options());
        await settle();
        expect(await state(w.id)).toMatchObject({ state: 'review', tx_hash: null, raw_tx: null });
        expect(await transfersTo(acct.address)).toEqual([]);

        await approveWithdrawal(h, w.id, new Date());
        await payoutOnce(options());
        await settle();
        expect((await state(w.id))?.state).toBe('confirmed');
        expect(await transfersTo(acct.address)).toEqual([parseEther('60')]);
      } finally {
        await writeSetting(h.db, 'withdraw_review_above_wei', before);
      }
    }, 60_000);
  });

  describe('payout worker: dropped, stuck and replaced transactions', () => {
    const withAutomineOff = async <T>(body: () => Promise<T>): Promise<T> => {
      await chain.test.setAutomine(false);
      try {
        return await body();
      } finally {
        await chain.test.setAutomine(true);
      }
    };

    it("nonce used outside the worker before signing: the chain's nonce is taken, the payout is made", async () => {
      await queueWithdrawal(parseEther('1'));
      await payoutOnce(options()); // the worker has paid from the wallet: it counts its nonces
      await sendFromHotWallet();
      await chain.test.mine({ blocks: 1 });
      const rec = recorder();
      const w = await queueWithdrawal(parseEther('2'));
      await payoutOnce(options({ log: rec.log }));
      await settle();
      expect((await state(w.id))?.state).toBe('confirmed');
      expect(await transfersTo(w.to)).toEqual([parseEther('2')]);
      expect(rec.about(w.id, 'nonce re-read from the chain')).toHaveLength(1);
    }, 60_000);

    it('nonce used outside the worker after signing: refunded once, later withdrawals are paid', async () => {
      const first = await queueWithdrawal(parseEther('5'));
      await expect(
        payoutOnce(
          options({
            hooks: {
              afterSign: () => {
                throw new Error('killed');
              },
            },
          }),
        ),
      ).rejects.toThrow('killed');
      const [signed] = await rows<{ chain_nonce: number }>(
        h.db,
        sql`SELECT chain_nonce FROM withdrawals WHERE id = ${first.id}`,
      );
      await sendFromHotWallet(signed?.chain_nonce);
      const later = await queueWithdrawal(parseEther('6'));
      const rec = recorder();
      for (let i = 0; i < 3; i++) await settle(options({ log: rec.log }));

      expect((await state(first.id))?.state).toBe('refunded');
      expect(await getBalance(h.db, userAccount(first.userId), 'USDT')).toBe(parseEther('5'));
      expect(await transfersTo(first.to)).toEqual([]);
      expect(await refundsOf(first.id)).toHaveLength(1);
      expect(rec.about(first.id, 'nonce used by another transaction')).toHaveLength(1);
      expect((await state(later.id))?.state).toBe('confirmed');
      expect(await transfersTo(later.to)).toEqual([parseEther('6')]);
    }, 60_000);

    it('sent, then its nonce taken on chain with no transaction (anvil_setNonce): unresolved, never refunded; later ones paid', async () => {
      const w = await queueWithdrawal(parseEther('7'));
      const rec = recorder();
      await withAutomineOff(async () => {
        await payoutOnce(options());
        expect((await state(w.id))?.state).toBe('broadcast');
        const [row] = await rows<{ chain_nonce: number }>(
          h.db,
          sql`SELECT chain_nonce FROM withdrawals WHERE id = ${w.id}`,
        );
        await chain.test.setNonce({ address: hot.address, nonce: (row?.chain_nonce ?? 0) + 1 });
        await chain.test.mine({ blocks: 1 });
      });
      for (let i = 0; i < 3; i++) await settle(options({ log: rec.log }));
      // no transaction used the nonce: nothing proves the payout was not made
      expect((await state(w.id))?.state).toBe('unresolved');
      expect(await getBalance(h.db, userAccount(w.userId), 'USDT')).toBe(0n);
      expect(await refundsOf(w.id)).toHaveLength(0);
      expect(await transfersTo(w.to)).toEqual([]);

      const later = await queueWithdrawal(parseEther('1'));
      await settle();
      await settle();
      expect((await state(later.id))?.state).toBe('confirmed');
      expect((await state(w.id))?.state).toBe('unresolved');
    }, 60_000);

    it('its nonce taken on a chain younger than the finality depth: waits (nothing is final yet), refunds later', async () => {
      const w = await queueWithdrawal(parseEther('3'));
      const young = { finalityDepth: 1_000_000 };
      await withAutomineOff(async () => {
        await payoutOnce(options(young));
        const [row] = await rows<{ chain_nonce: number }>(
          h.db,
          sql`SELECT chain_nonce FROM withdrawals WHERE id = ${w.id}`,
        );
        await sendFromHotWallet(row?.chain_nonce);
        await chain.test.mine({ blocks: 1 });
      });
      await payoutOnce(options(young));
      expect((await state(w.id))?.state).toBe('broadcast');
      expect(await refundsOf(w.id)).toHaveLength(0);
      // once the block that took the nonce is final, the withdrawal is refunded, once
      for (let i = 0; i < 3; i++) await settle();
      expect((await state(w.id))?.state).toBe('refunded');
      expect(await refundsOf(w.id)).toHaveLength(1);
      expect(await transfersTo(w.to)).toEqual([]);
    }, 60_000);

    it('replaced in the mempool by another transaction of the wallet: refunded once, never paid', async () => {
      const w = await queueWithdrawal(parseEther('8'));
      await withAutomineOff(async () => {
        await payoutOnce(options());
        const [row] = await rows<{ chain_nonce: number }>(
          h.db,
          sql`SELECT chain_nonce FROM withdrawals WHERE id = ${w.id}`,
        );
        await sendFromHotWallet(row?.chain_nonce);
        await chain.test.mine({ blocks: 1 });
      });
      for (let i = 0; i < 3; i++) await settle();
      expect((await state(w.id))?.state).toBe('refunded');
      expect(await transfersTo(w.to)).toEqual([]);
      expect(await refundsOf(w.id)).toHaveLength(1);
    }, 60_000);

    it('dropped from the mempool: sent again, paid once, with a warning naming it', async () => {
      const w = await queueWithdrawal(parseEther('9'));
      const rec = recorder();
      await withAutomineOff(async () => {
        await payoutOnce(options());
        const sent = await state(w.id);
        await chain.test.dropTransaction({ hash: sent?.tx_hash as Hex });
        await expect(chain.client.getTransaction({ hash: sent?.tx_hash as Hex })).rejects.toThrow();
        await payoutOnce(options({ log: rec.log }));
        expect((await chain.client.getTransaction({ hash: sent?.tx_hash as Hex })).hash).toBe(sent?.tx_hash);
        await chain.test.mine({ blocks: 1 });
      });
      await settle();
      expect((await state(w.id))?.state).toBe('confirmed');
      expect(await transfersTo(w.to)).toEqual([parseEther('9')]);
      expect(rec.about(w.id, 'dropped')).toHaveLength(1);
    }, 60_000);

    it('fee too low when sent: re-signed with the same nonce and a higher fee, paid once; the next is not frozen', async () => {
      const w = await queueWithdrawal(parseEther('10'));
      const rec = recorder();
      await payoutOnce(options({ log: rec.log, hooks: { afterSign: raiseBaseFee } }));
      const next = await queueWithdrawal(parseEther('11'));
      await settle();
      await settle();

      const attempts = await attemptsOf(w.id);
      expect(attempts).toHaveLength(2);
      expect(attempts[1]?.nonce).toBe(attempts[0]?.nonce);
      expect(BigInt(attempts[1]?.max_fee_per_gas ?? 0)).toBeGreaterThan(
        BigInt(attempts[0]?.max_fee_per_gas ?? 0),
      );
      const after = await state(w.id);
      expect(after?.state).toBe('confirmed');
      expect(after?.tx_hash).toBe(attempts[1]?.tx_hash);
      expect(await transfersTo(w.to)).toEqual([parseEther('10')]);
      expect(rec.about(w.id, 're-signed with the same nonce and a higher fee')).toHaveLength(1);
      expect((await state(next.id))?.state).toBe('confirmed');
      expect(await transfersTo(next.to)).toEqual([parseEther('11')]);
    }, 60_000);

    it('stuck in the mempool as the base fee rose: re-signed (saved before it is sent), paid once', async () => {
      const w = await queueWithdrawal(parseEther('12'));
      const rec = recorder();
      const next = await withAutomineOff(async () => {
        await payoutOnce(options());
        const first = await state(w.id);
        expect(first?.state).toBe('broadcast');
        await raiseBaseFee(); // the block leaves the cheap transaction out
        expect(
          await chain.client.getTransactionReceipt({ hash: first?.tx_hash as Hex }).catch(() => null),
        ).toBeNull();
        // the worker dies right after saving the re-signed transaction, before sending it
        await expect(
          payoutOnce(
            options({
              log: rec.log,
              hooks: {
                afterResign: () => {
                  throw new Error('killed');
                },
              },
            }),
          ),
        ).rejects.toThrow('killed');
        const saved = await state(w.id);
        expect(saved?.tx_hash).not.toBe(first?.tx_hash);
        expect(keccak256(saved?.raw_tx as Hex)).toBe(saved?.tx_hash);
        const queuedNext = await queueWithdrawal(parseEther('13'));
        await payoutOnce(options({ log: rec.log })); // restart: the saved transaction is the one sent
        expect((await chain.client.getTransaction({ hash: saved?.tx_hash as Hex })).hash).toBe(
          saved?.tx_hash,
        );
        await chain.test.mine({ blocks: 1 });
        return queuedNext;
      });
      await settle();
      await settle();
      const attempts = await attemptsOf(w.id);
      expect(attempts.map((a) => a.nonce)).toEqual([attempts[0]?.nonce, attempts[0]?.nonce]);
      expect((await state(w.id))?.state).toBe('confirmed');
      expect((await state(w.id))?.tx_hash).toBe(attempts[1]?.tx_hash);
      expect(await transfersTo(w.to)).toEqual([parseEther('12')]);
      expect(rec.about(w.id, 'stuck')).toHaveLength(1);
      expect((await state(next.id))?.state).toBe('confirmed');
      expect(await transfersTo(next.to)).toEqual([parseEther('13')]);
    }, 60_000);

    it('waits too long in the mempool: re-signed with a higher fee; whichever version is mined pays, once', async () => {
      const w = await queueWithdrawal(parseEther('14'));
      const rec = recorder();
      const patient = options({ log: rec.log, stuckAfterBlocks: 2 });
      const gasLimit = (await chain.client.getBlock()).gasLimit;
      await withAutomineOff(async () => {
        await payoutOnce(patient);
        const first = await state(w.id);
        // blocks too small for the payout: it stays pending while blocks go by
        await chain.test.setBlockGasLimit({ gasLimit: 30_000n });
        try {
          await chain.test.mine({ blocks: 3 });
          expect((await chain.client.getTransaction({ hash: first?.tx_hash as Hex })).blockNumber).toBeNull();
          await payoutOnce(patient); // re-signed (the node refuses the new version too)
          await chain.test.mine({ blocks: 1 });
          await payoutOnce(patient); // the first version still waits: nothing to re-send
        } finally {
          await chain.test.setBlockGasLimit({ gasLimit });
        }
        await chain.test.mine({ blocks: 1 });
        const attempts = await attemptsOf(w.id);
        expect(attempts).toHaveLength(2);
        expect(attempts[1]?.nonce).toBe(attempts[0]?.nonce);
        expect(BigInt(attempts[1]?.max_fee_per_gas ?? 0)).toBeGreaterThan(
          BigInt(attempts[0]?.max_fee_per_gas ?? 0),
        );
        expect((await state(w.id))?.tx_hash).toBe(attempts[1]?.tx_hash);
      });
      await settle(patient);
      const attempts = await attemptsOf(w.id);
      const after = await state(w.id);
      expect(after?.state).toBe('confirmed');
      expect(after?.tx_hash).toBe(attempts[0]?.tx_hash); // the version that was mined
      expect(await transfersTo(w.to)).toEqual([parseEther('14')]);
      expect(rec.about(w.id, 'waits too long')).toHaveLength(1);
      expect(rec.about(w.id, 'dropped')).toHaveLength(0);
    }, 60_000);

    it('never pays above the fee ceiling: re-signs stop at the most allowed, the payout waits, the operator is told once', async () => {
      const w = await queueWithdrawal(parseEther('15'));
      const rec = recorder();
      const capped = options({ log: rec.log, stuckAfterBlocks: 1, maxResigns: 2 });
      const gasLimit = (await chain.client.getBlock()).gasLimit;
      await withAutomineOff(async () => {
        await payoutOnce(capped);
        // blocks too small for any token transfer: it stays pending while blocks go by
        await chain.test.setBlockGasLimit({ gasLimit: 30_000n });
        try {
          for (let i = 0; i < 6; i++) {
            await chain.test.mine({ blocks: 1 });
            await payoutOnce(capped);
          }
        } finally {
          await chain.test.setBlockGasLimit({ gasLimit });
        }
        expect(await attemptsOf(w.id)).toHaveLength(3); // the first and 2 re-signs, no more
        const [held] = await rows<{ state: string; hold: { kind: string; versions: number } | null }>(
          h.db,
          sql`SELECT state, hold FROM withdrawals WHERE id = ${w.id}`,
        );
        expect(held).toMatchObject({ state: 'broadcast', hold: { kind: 'fee_ceiling', versions: 3 } });
        await chain.test.mine({ blocks: 1 });
      });
      const errors = rec.errors.filter((e) => Number(e.obj.id) === Number(w.id));
      expect(errors.map((e) => e.msg)).toEqual([expect.stringMatching(/fee ceiling/)]);
      await settle(capped);
      expect((await state(w.id))?.state).toBe('confirmed');
      expect(await transfersTo(w.to)).toEqual([parseEther('15')]);
    }, 60_000);

    it('never pays above the fee ceiling: with the base fee above it the payout is re-priced up to the ceiling, no further, and waits until fees come down', async () => {
      const ceiling = parseGwei('20');
      // the base fee earlier tests raised comes down first: the first version is signed below the
      // ceiling and taken by the node
      await chain.test.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei('1') });
      await chain.test.mine({ blocks: 1 });
      const w = await queueWithdrawal(parseEther('16'));
      const rec = recorder();
      const capped = options({ log: rec.log, maxFeePerGas: ceiling });
      await withAutomineOff(async () => {
        await payoutOnce(capped);
        await raiseBaseFee(); // far above 20 gwei: no block takes it
        for (let i = 0; i < 3; i++) {
          await chain.test.mine({ blocks: 1 });
          await payoutOnce(capped);
        }
        // re-priced up to the ceiling (as close as a valid replacement, +10 %, allows; at once when
        // the network already asked more); then nothing more
        const attempts = await attemptsOf(w.id);
        expect(attempts.length).toBeLessThanOrEqual(2);
        for (const a of attempts) expect(BigInt(a.max_fee_per_gas)).toBeLessThanOrEqual(ceiling);
        expect(BigInt(attempts.at(-1)?.max_fee_per_gas ?? 0) * 11n).toBeGreaterThan(ceiling * 10n);
        expect((await state(w.id))?.state).toBe('broadcast');
        // the network's fees come down: the payout is mined as it was signed
        await chain.test.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei('1') });
        await chain.test.mine({ blocks: 1 });
      });
      expect(
        rec.errors.filter((e) => Number(e.obj.id) === Number(w.id) && /fee ceiling/.test(e.msg)),
      ).toHaveLength(1);
      // the version at the ceiling may have been refused while the base fee was above it: sent or settled now
      await settle(capped);
      await settle(capped);
      expect((await state(w.id))?.state).toBe('confirmed');
      expect(await transfersTo(w.to)).toEqual([parseEther('16')]);
      for (const a of await attemptsOf(w.id)) expect(BigInt(a.max_fee_per_gas)).toBeLessThanOrEqual(ceiling);
    }, 60_000);
  });
});
