// The hot-wallet outbox against a real anvil: payouts and burns share one nonce sequence and one set
// of rescue rules, so a burn that cannot be mined is re-priced instead of freezing the withdrawals
// behind it; and a payout whose receipt the node does not return is never refunded on that alone.
import { sql } from 'drizzle-orm';
import {
  type Address,
  createPublicClient,
  custom,
  erc20Abi,
  type Hex,
  type PublicClient,
  parseEther,
  parseGwei,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund } from '../../test/support/staking-orders-fixtures.ts';
import { localAccount, startTestChain, type TestChain } from '../../test/support/test-chain.ts';
import { BACKEND, createUsers, openTestDb } from '../../test/support/test-db.ts';
import { type DbHandle, rows } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import { recordOffchainBurn } from '../services/burn.ts';
import { getBalance, userAccount } from '../services/ledger.ts';
import { reconcile } from '../services/reconcile.ts';
import { seedSettings } from '../services/settings.ts';
import { applyWithdrawal, failAndRefund, type OutboxCloser, rejectWithdrawal } from '../services/withdraw.ts';
import { type BurnJobOptions, burnOnce } from './burn.ts';
import { closeUnmined } from './hot-wallet.ts';
import { type PayoutOptions, payoutOnce } from './payout.ts';

let chain: TestChain;
let h: DbHandle;
// the deployment's hot wallet: it holds USDT and FREE
const hot = localAccount(11);

const base = () => ({
  db: h,
  client: chain.client,
  account: hot,
  chainId: 31337,
  finalityDepth: 2,
  // far above the fees these tests raise the base fee to (the ceiling has its own test)
  maxFeePerGas: parseGwei('1000000'),
});
const payout = (extra: Partial<PayoutOptions> = {}): PayoutOptions => ({
  ...base(),
  tokens: { USDT: chain.deployment.usdt, FREE: chain.deployment.free },
  ...extra,
});
const burner = (extra: Partial<BurnJobOptions> = {}): BurnJobOptions => ({
  ...base(),
  free: chain.deployment.free,
  ...extra,
});

let userSeq = 30;
/** A user with USDT in the ledger who withdraws `amount` to their own address (the real path). */
async function withdraw(amount: string): Promise<{ id: number; userId: number; to: Address }> {
  const acct = localAccount(userSeq++);
  const [u] = await rows<{ id: number }>(
    h.db,
    sql`INSERT INTO users (address) VALUES (${acct.address.toLowerCase()}) RETURNING id`,
  );
  const userId = Number(u?.id);
  await fund(h, userId, parseEther(amount));
  const w = await applyWithdrawal(h, {
    userId,
    userAddress: acct.address,
    amount,
    coin: 'USDT',
    now: new Date(),
  });
  return { id: w.id, userId, to: acct.address };
}

async function withdrawal(id: number) {
  const [w] = await rows<{ state: string; tx_hash: Hex; fail_reason: string | null }>(
    h.db,
    sql`SELECT state, tx_hash, fail_reason FROM withdrawals WHERE id = ${id}`,
  );
  return w;
}

async function batch(id: number) {
  const [b] = await rows<{ state: string }>(h.db, sql`SELECT state FROM burn_batches WHERE id = ${id}`);
  return b?.state;
}

async function transfersTo(to: Address) {
  const logs = await chain.client.getContractEvents({
    address: chain.deployment.usdt,
    abi: erc20Abi,
    eventName: 'Transfer',
    args: { from: hot.address, to },
    fromBlock: 0n,
  });
  return logs.map((l) => l.args.value);
}

async function refundsOf(id: number) {
  return rows(
    h.db,
    sql`SELECT 1 FROM ledger_entries WHERE tx_key = ${`withdraw_refund:${id}`} AND side = 'credit'`,
  );
}

const supply = () =>
  chain.client.readContract({ address: chain.deployment.free, abi: erc20Abi, functionName: 'totalSupply' });

async function withAutomineOff<T>(body: () => Promise<T>): Promise<T> {
  await chain.test.setAutomine(false);
  try {
    return await body();
  } finally {
    await chain.test.setAutomine(true);
  }
}

/** A node that has not indexed (or has pruned) the receipts of `hidden`: it answers "no receipt". */
function laggingNode(hidden: Set<string>): PublicClient {
  return createPublicClient({
    chain: chain.client.chain,
    transport: custom({
      request: async ({ method, params }: { method: string; params?: unknown }) => {
        const p = params as unknown[] | undefined;
        if (method === 'eth_getTransactionReceipt' && hidden.has(String(p?.[0]).toLowerCase())) return null;
        return chain.client.request({ method, params } as never);
      },
    }),
  }) as PublicClient;
}

/** The operator's reject as the console and the CLI make it: with the hot wallet's chain view. */
const closer =
  (client: PublicClient = chain.client): OutboxCloser =>
  (tx, id, why) =>
    closeUnmined(
      tx,
      { client, address: hot.address, finalityDepth: 2 },
      { kind: 'withdrawal', refId: id },
      why,
    );

async function outboxState(id: number) {
  const [o] = await rows<{ state: string; note: string | null }>(
    h.db,
    sql`SELECT state, note FROM hot_wallet_txs WHERE kind = 'withdrawal' AND ref_id = ${id}`,
  );
  return o;
}

function recorder() {
  const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const at =
    (level: string) =>
    (obj: object, msg?: string): void => {
      lines.push({ level, obj: obj as Record<string, unknown>, msg: msg ?? '' });
    };
  const log: Logger = { info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

describe.each(BACKEND)('hot-wallet outbox on $name', ({ url }) => {
  beforeAll(async () => {
    chain = await startTestChain();
    h = await openTestDb(url);
    await seedSettings(h.db);
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await chain?.stop();
  });

  it('a burn too cheap to be mined is re-priced like a payout: the withdrawal signed after it is paid', async () => {
    const [u] = await createUsers(h, 1);
    await h.transaction((tx) =>
      recordOffchainBurn(tx, {
        userId: Number(u),
        type: 'ignition',
        level: 0,
        free: parseEther('4'),
        usdt: 0n,
        ref: 'hw:burn1',
      }),
    );
    const before = await supply();
    const rec = recorder();
    const w = await withAutomineOff(async () => {
      // the burn takes the wallet's next nonce and waits in the mempool
      const step = await burnOnce(burner());
      expect(step).toMatchObject({ signed: 1, broadcast: 1 });
      const [b] = await rows<{ id: number; nonce: number; tx_hash: Hex }>(
        h.db,
        sql`SELECT ref_id AS id, nonce, tx_hash FROM hot_wallet_txs WHERE kind = 'burn'`,
      );
      // the base fee rises far above what the burn pays: no block will take it as signed
      const fees = await chain.client.estimateFeesPerGas();
      await chain.test.setNextBlockBaseFeePerGas({
        baseFeePerGas: (fees.maxFeePerGas + fees.maxPriorityFeePerGas) * 100n,
      });
      await chain.test.mine({ blocks: 1 });
      expect(
        await chain.client.getTransactionReceipt({ hash: b?.tx_hash as Hex }).catch(() => null),
      ).toBeNull();

      // a withdrawal gets the nonce after the burn's; the payout worker's pass re-prices the burn
      const queued = await withdraw('5');
      await payoutOnce(payout({ log: rec.log }));
      const [after] = await rows<{ nonce: number; tx_hash: Hex }>(
        h.db,
        sql`SELECT nonce, tx_hash FROM hot_wallet_txs WHERE kind = 'withdrawal' AND ref_id = ${queued.id}`,
      );
      expect(after?.nonce).toBe((b?.nonce ?? 0) + 1);
      await chain.test.mine({ blocks: 1 });
      return { ...queued, burnId: Number(b?.id), burnHash: b?.tx_hash };
    });
    for (let i = 0; i < 3; i++) {
      await chain.test.mine({ blocks: 3 });
      await payoutOnce(payout({ log: rec.log }));
    }
    expect((await withdrawal(w.id))?.state).toBe('confirmed');
    expect(await transfersTo(w.to)).toEqual([parseEther('5')]);
    expect(await batch(w.burnId)).toBe('confirmed');
    expect(await supply()).toBe(before - parseEther('4'));
    const versions = await rows<{ tx_hash: Hex }>(
      h.db,
      sql`SELECT v.tx_hash FROM hot_wallet_tx_versions v JOIN hot_wallet_txs o ON o.id = v.outbox_id
          WHERE o.kind = 'burn' AND o.ref_id = ${w.burnId} ORDER BY v.id`,
    );
    expect(versions).toHaveLength(2);
    expect(versions[0]?.tx_hash).toBe(w.burnHash);
    expect(
      rec.lines.filter((l) => l.obj.kind === 'burn' && l.msg.includes('re-signed with the same nonce')),
    ).toHaveLength(1);
  }, 90_000);

  it('a burn dropped by the node is sent again, and the withdrawal behind it is paid', async () => {
    const [u] = await createUsers(h, 1);
    await h.transaction((tx) =>
      recordOffchainBurn(tx, {
        userId: Number(u),
        type: 'ignition',
        level: 0,
        free: parseEther('2'),
        usdt: 0n,
        ref: 'hw:burn2',
      }),
    );
    const w = await withAutomineOff(async () => {
      await burnOnce(burner());
      const [b] = await rows<{ id: number; tx_hash: Hex }>(
        h.db,
        sql`SELECT ref_id AS id, tx_hash FROM hot_wallet_txs WHERE kind = 'burn' ORDER BY id DESC LIMIT 1`,
      );
      await chain.test.dropTransaction({ hash: b?.tx_hash as Hex });
      const queued = await withdraw('3');
      await payoutOnce(payout());
      await chain.test.mine({ blocks: 1 });
      return { ...queued, burnId: Number(b?.id) };
    });
    for (let i = 0; i < 3; i++) {
      await chain.test.mine({ blocks: 3 });
      await payoutOnce(payout());
    }
    expect((await withdrawal(w.id))?.state).toBe('confirmed');
    expect(await transfersTo(w.to)).toEqual([parseEther('3')]);
    expect(await batch(w.burnId)).toBe('confirmed');
  }, 90_000);

  it('a mined payout whose receipt the node does not return is unresolved, never refunded; confirmed once the receipt shows', async () => {
    const hidden = new Set<string>();
    const node = laggingNode(hidden);
    const rec = recorder();
    const w = await withdraw('6');
    await payoutOnce(payout({ client: node, log: rec.log }));
    const sent = await withdrawal(w.id);
    expect(sent?.state).toBe('broadcast');
    hidden.add(sent?.tx_hash.toLowerCase() as string);
    // mined (automine) and final, but this node says "no receipt"
    for (let i = 0; i < 3; i++) {
      await chain.test.mine({ blocks: 3 });
      await payoutOnce(payout({ client: node, log: rec.log }));
    }
    const stuck = await withdrawal(w.id);
    expect(stuck?.state).toBe('unresolved');
    expect(stuck?.fail_reason).toMatch(/no receipt/);
    expect(await refundsOf(w.id)).toHaveLength(0);
    expect(await getBalance(h.db, userAccount(w.userId), 'USDT')).toBe(0n);
    expect(await transfersTo(w.to)).toEqual([parseEther('6')]);
    // the operator is told, once
    expect(rec.lines.filter((l) => l.level === 'error' && Number(l.obj.id) === Number(w.id))).toHaveLength(1);

    // a withdrawal after it is not held up
    const next = await withdraw('1');
    for (let i = 0; i < 2; i++) {
      await payoutOnce(payout({ client: node }));
      await chain.test.mine({ blocks: 3 });
    }
    await payoutOnce(payout({ client: node }));
    expect((await withdrawal(next.id))?.state).toBe('confirmed');

    // the node catches up: the payout is confirmed, never refunded
    hidden.clear();
    await payoutOnce(payout({ client: node }));
    expect((await withdrawal(w.id))?.state).toBe('confirmed');
    expect(await refundsOf(w.id)).toHaveLength(0);
    expect(await transfersTo(w.to)).toEqual([parseEther('6')]);
  }, 90_000);

  it('an unresolved withdrawal the operator found unpaid is refunded once on rejection', async () => {
    const w = await withAutomineOff(async () => {
      const queued = await withdraw('2');
      await payoutOnce(payout());
      const [row] = await rows<{ chain_nonce: number }>(
        h.db,
        sql`SELECT chain_nonce FROM withdrawals WHERE id = ${queued.id}`,
      );
      // the nonce is counted as used without any transaction using it
      await chain.test.setNonce({ address: hot.address, nonce: (row?.chain_nonce ?? 0) + 1 });
      await chain.test.mine({ blocks: 1 });
      return queued;
    });
    for (let i = 0; i < 2; i++) {
      await chain.test.mine({ blocks: 3 });
      await payoutOnce(payout());
    }
    expect((await withdrawal(w.id))?.state).toBe('unresolved');
    // without the chain nothing proves it unpaid: refused, nothing changes
    await expect(rejectWithdrawal(h, w.id, 'not paid', new Date())).rejects.toThrow(/no chain connection/);
    expect((await withdrawal(w.id))?.state).toBe('unresolved');
    await rejectWithdrawal(h, w.id, 'not paid: checked on the explorer', new Date(), closer());
    await expect(rejectWithdrawal(h, w.id, 'again', new Date(), closer())).rejects.toThrow(/refunded/);
    expect((await withdrawal(w.id))?.state).toBe('refunded');
    expect(await refundsOf(w.id)).toHaveLength(1);
    // its outbox entry closed with the reject: the worker no longer watches it
    expect(await outboxState(w.id)).toMatchObject({
      state: 'rejected',
      note: expect.stringMatching(/skipped/),
    });
    expect(await getBalance(h.db, userAccount(w.userId), 'USDT')).toBe(parseEther('2'));
    await payoutOnce(payout());
    expect((await withdrawal(w.id))?.state).toBe('refunded');
    expect(await transfersTo(w.to)).toEqual([]);
  }, 90_000);

  it("a paid payout the node hides is never rejected: the operator's reject is refused, and it confirms once the node catches up", async () => {
    const hidden = new Set<string>();
    const node = laggingNode(hidden);
    const w = await withdraw('4');
    await payoutOnce(payout({ client: node }));
    hidden.add((await withdrawal(w.id))?.tx_hash.toLowerCase() as string);
    for (let i = 0; i < 3; i++) {
      await chain.test.mine({ blocks: 3 });
      await payoutOnce(payout({ client: node }));
    }
    expect((await withdrawal(w.id))?.state).toBe('unresolved');

    // the console and the CLI reject through the same service, with the same (lagging) node
    await expect(rejectWithdrawal(h, w.id, 'looks unpaid', new Date(), closer(node))).rejects.toThrow(
      /may have been paid on chain \(its transaction 0x[0-9a-f]+ is in block \d+\)/,
    );
    expect((await withdrawal(w.id))?.state).toBe('unresolved');
    expect(await outboxState(w.id)).toMatchObject({ state: 'unresolved' });
    expect(await refundsOf(w.id)).toHaveLength(0);
    expect(await getBalance(h.db, userAccount(w.userId), 'USDT')).toBe(0n);

    hidden.clear();
    await payoutOnce(payout({ client: node }));
    expect((await withdrawal(w.id))?.state).toBe('confirmed');
    expect(await refundsOf(w.id)).toHaveLength(0);
    expect(await transfersTo(w.to)).toEqual([parseEther('4')]);
  }, 90_000);

  it('a payout confirmed after its withdrawal was refunded is an error the operator sees, never a silent success', async () => {
    const hidden = new Set<string>();
    const node = laggingNode(hidden);
    const rec = recorder();
    const w = await withdraw('3');
    await payoutOnce(payout({ client: node }));
    hidden.add((await withdrawal(w.id))?.tx_hash.toLowerCase() as string);
    for (let i = 0; i < 3; i++) {
      await chain.test.mine({ blocks: 3 });
      await payoutOnce(payout({ client: node }));
    }
    expect((await withdrawal(w.id))?.state).toBe('unresolved');
    // refunded without the guard (as a reject did before it): its outbox entry stays open
    await h.transaction((tx) => failAndRefund(tx, w.id, 'rejected by operator', new Date()));
    expect((await withdrawal(w.id))?.state).toBe('refunded');

    hidden.clear();
    await payoutOnce(payout({ client: node, log: rec.log }));
    const errors = rec.lines.filter((l) => l.level === 'error' && Number(l.obj.id) === Number(w.id));
    expect(errors.map((l) => l.msg)).toEqual([expect.stringMatching(/refunded.*paid twice/)]);
    const [held] = await rows<{ state: string; hold: { kind: string; txHash: string } | null }>(
      h.db,
      sql`SELECT state, hold FROM withdrawals WHERE id = ${w.id}`,
    );
    expect(held).toMatchObject({ state: 'refunded', hold: { kind: 'paid_after_refund' } });
    expect(await transfersTo(w.to)).toEqual([parseEther('3')]);
    const usdt = (
      await reconcile(h.db, {
        client: chain.client,
        tokens: { USDT: chain.deployment.usdt, FREE: chain.deployment.free },
        hotWallet: hot.address,
        payment: chain.deployment.payment,
      })
    ).find((r) => r.token === 'USDT');
    expect(usdt?.paidAfterRefund).toBe(1);
  }, 90_000);
});
