// Payout worker against a real anvil: crash at the risky points, restart, count what reached the chain.
import { sql } from 'drizzle-orm';
import { type Address, erc20Abi, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localAccount, startTestChain, type TestChain } from '../../test/support/test-chain.ts';
import { BACKENDS, openTestDb } from '../../test/support/test-db.ts';
import type { DbHandle } from '../db/client.ts';
import { getBalance, systemAccount, transfer, userAccount } from '../services/ledger.ts';
import { seedSettings } from '../services/settings.ts';
import { rows } from '../services/team.ts';
import { applyWithdrawal } from '../services/withdraw.ts';
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
    ...extra,
  };
}

let userSeq = 20;
/** A user with `funded` USDT in the ledger who asks to withdraw `amount` (debit + queue in one tx). */
async function queueWithdrawal(
  amount: bigint,
  funded = amount,
): Promise<{ id: number; userId: number; to: Address }> {
  const acct = localAccount(userSeq++);
  const to = acct.address;
  return h.transaction(async (tx) => {
    await tx.execute(
      sql`INSERT INTO users (address) VALUES (${to.toLowerCase()}) ON CONFLICT (address) DO NOTHING`,
    );
    const [u] = await rows<{ id: number }>(tx, sql`SELECT id FROM users WHERE address = ${to.toLowerCase()}`);
    const userId = u?.id as number;
    const key = `test:${userId}:${amount}:${Math.random()}`;
    await transfer(tx, {
      key: `${key}:in`,
      from: systemAccount('recharge'),
      to: userAccount(userId),
      asset: 'USDT',
      amount: funded,
      kind: 'recharge',
    });
    await transfer(tx, {
      key: `${key}:out`,
      from: userAccount(userId),
      to: systemAccount('payout'),
      asset: 'USDT',
      amount,
      kind: 'withdraw',
    });
    const [w] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO withdrawals (user_id, asset, amount, to_address, ledger_key) VALUES (${userId}, 'USDT', ${amount.toString()}, ${to}, ${`${key}:out`}) RETURNING id`,
    );
    return { id: w?.id as number, userId, to };
  });
}

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

describe.each(BACKENDS)('payout on $name', ({ url }) => {
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

    it('refunds a reverted payout exactly once, through the ledger', async () => {
      const hotBalance = await chain.client.readContract({
        address: chain.deployment.usdt,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [hot.address],
      });
      const tooMuch = hotBalance + parseEther('1');
      const w = await queueWithdrawal(tooMuch);
      expect(await getBalance(h.db, userAccount(w.userId), 'USDT')).toBe(0n);
      await payoutOnce(options());
      await settle();
      expect((await state(w.id))?.state).toBe('refunded');
      expect(await getBalance(h.db, userAccount(w.userId), 'USDT')).toBe(tooMuch);
      await settle(); // another pass changes nothing
      await payoutOnce(options());
      expect(await getBalance(h.db, userAccount(w.userId), 'USDT')).toBe(tooMuch);
      const refunds = await rows(
        h.db,
        sql`SELECT 1 FROM ledger_entries WHERE tx_key = ${`withdraw_refund:${w.id}`} AND side = 'credit'`,
      );
      expect(refunds).toHaveLength(1);
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
  });
});
