// restore:check against a real anvil: a database restored to before a payout never pays it again.
// The restore is played on the rows a backup from before the payout would hold (the withdrawal
// queued, no outbox row, the old next nonce) and a new timeline (what point-in-time recovery ends on).
import { sql } from 'drizzle-orm';
import { type Address, erc20Abi, type Hex, parseEther, parseGwei } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localAccount, startTestChain, type TestChain } from '../../test/support/test-chain.ts';
import { BACKENDS, openTestDb } from '../../test/support/test-db.ts';
import { queueUsdtWithdrawal } from '../../test/support/withdrawals.ts';
import { type DbHandle, rows } from '../db/client.ts';
import { restorePending } from '../db/incarnation.ts';
import { runLoop } from '../jobs/loop.ts';
import { type PayoutOptions, payoutOnce } from '../jobs/payout.ts';
import { restoreCheck } from './restore.ts';

let chain: TestChain;
let h: DbHandle;
let firstBlock = 0;
const hot = localAccount(11); // the deployment's hot wallet (funded with USDT)

function options(): PayoutOptions {
  return {
    db: h,
    client: chain.client,
    account: hot,
    chainId: 31337,
    tokens: { USDT: chain.deployment.usdt, FREE: chain.deployment.free },
    finalityDepth: 2,
    maxFeePerGas: parseGwei('1000000'),
  };
}

const check = () =>
  restoreCheck({
    db: h,
    view: { client: chain.client, address: hot.address, finalityDepth: 2 },
    tokens: { USDT: chain.deployment.usdt, FREE: chain.deployment.free },
    // a chain loaded from the test template keeps no state from before the load (as a node without
    // archive state): what the database saw starts at the block this chain began with
    startBlock: firstBlock,
    now: () => new Date(),
  });

let userSeq = 40;
const queueWithdrawal = (amount: bigint) => queueUsdtWithdrawal(h, localAccount(userSeq++).address, amount);

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

async function withdrawal(id: number) {
  const [w] = await rows<{ state: string; tx_hash: Hex | null }>(
    h.db,
    sql`SELECT state, tx_hash FROM withdrawals WHERE id = ${id}`,
  );
  return w;
}

/**
 * The database as a backup from before the payout of `id` holds it, restored by point-in-time
 * recovery: the withdrawal queued, no outbox row, the next nonce as it was, and a new timeline.
 */
async function restoreToBefore(id: number) {
  await h.transaction(async (tx) => {
    // the outbox's next nonce then: the one its payout took
    const [o] = await rows<{ nonce: number }>(
      tx,
      sql`SELECT nonce FROM hot_wallet_txs WHERE kind = 'withdrawal' AND ref_id = ${id}`,
    );
    const nonceBefore = Number(o?.nonce);
    await tx.execute(
      sql`DELETE FROM hot_wallet_tx_versions WHERE outbox_id IN
          (SELECT id FROM hot_wallet_txs WHERE kind = 'withdrawal' AND ref_id = ${id})`,
    );
    await tx.execute(sql`DELETE FROM hot_wallet_txs WHERE kind = 'withdrawal' AND ref_id = ${id}`);
    await tx.execute(
      sql`UPDATE withdrawals SET state = 'queued', chain_nonce = NULL, raw_tx = NULL, tx_hash = NULL,
          confirmed_at = NULL WHERE id = ${id}`,
    );
    await tx.execute(
      sql`UPDATE hot_wallet_nonces SET next_nonce = ${nonceBefore} WHERE address = ${hot.address.toLowerCase()}`,
    );
    await tx.execute(sql`UPDATE db_incarnation SET timeline = timeline + 1`);
  });
}

/** Waits (polling, up to 20 s) until `f` is true. */
async function until(f: () => boolean | Promise<boolean>, what: string) {
  const end = Date.now() + 20_000;
  while (!(await f())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(BACKENDS)('restore:check on $name', ({ url }) => {
  beforeAll(async () => {
    chain = await startTestChain();
    firstBlock = Number(await chain.client.getBlockNumber());
    h = await openTestDb(url);
    expect(await restorePending(h)).toBeNull(); // the first look records where the database runs
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await chain?.stop();
  });

  it('a payout the restored outbox lost is recorded as paid from the chain, and never signed again', async () => {
    const w = await queueWithdrawal(parseEther('7'));
    await payoutOnce(options());
    await chain.test.mine({ blocks: 3 });
    await payoutOnce(options());
    const paid = await withdrawal(w.id);
    expect(paid?.state).toBe('confirmed');
    expect(await transfersTo(w.to)).toEqual([parseEther('7')]);

    await restoreToBefore(w.id);
    expect(await restorePending(h)).toMatch(/restore:check/);

    const report = await check();
    expect(report.holding).toEqual([]);
    expect(report.cleared).toBe(true);
    expect(report.holding).toEqual([]);
    expect(report.adopted).toEqual([
      expect.objectContaining({ kind: 'withdrawal', refId: w.id, tx: paid?.tx_hash, state: 'confirmed' }),
    ]);
    expect(await withdrawal(w.id)).toEqual({ state: 'confirmed', tx_hash: paid?.tx_hash });
    expect(await restorePending(h)).toBeNull();

    // the payout worker runs again: nothing to sign, the user paid once
    const step = await payoutOnce(options());
    expect(step.signed).toBe(0);
    await chain.test.mine({ blocks: 3 });
    await payoutOnce(options());
    expect(await transfersTo(w.to)).toEqual([parseEther('7')]);
  }, 60_000);

  it('a payout still in the mempool is uncertain: the jobs stay held until it is mined, then it is recorded', async () => {
    const w = await queueWithdrawal(parseEther('3'));
    await chain.test.setAutomine(false);
    try {
      await payoutOnce(options()); // signed and sent; waits in the mempool
      expect((await withdrawal(w.id))?.state).toBe('broadcast');
      await restoreToBefore(w.id);

      const held = await check();
      expect(held.unmatched).toEqual([]);
      expect(held.cleared).toBe(false);
      expect(held.holding).toEqual([expect.objectContaining({ what: expect.stringMatching(/mempool/) })]);
      expect(await withdrawal(w.id)).toEqual({ state: 'queued', tx_hash: null });
      expect(await restorePending(h)).toMatch(/restore:check/);

      // the job loop runs no step meanwhile
      let steps = 0;
      const loop = runLoop(
        { config: { databaseUrl: undefined } as never, db: h },
        'test',
        'free:test:restore',
        50,
        async () => {
          steps++;
        },
      );
      await until(async () => {
        const m = await (await import('../lib/metrics.ts')).jobRestoreHeld.get();
        return m.values.some((v) => v.labels.job === 'test' && v.value === 1);
      }, 'the loop to report it is held');
      expect(steps).toBe(0);

      await chain.test.mine({ blocks: 3 });
      const done = await check();
      expect(done.unmatched).toEqual([]);
      expect(done.cleared).toBe(true);
      expect(done.adopted).toEqual([
        expect.objectContaining({ kind: 'withdrawal', refId: w.id, state: 'confirmed' }),
      ]);
      await until(() => steps > 0, 'the loop to run once restore:check has run');
      await loop.stop();
    } finally {
      await chain.test.setAutomine(true);
    }
    expect(await transfersTo(w.to)).toEqual([parseEther('3')]);
    expect((await payoutOnce(options())).signed).toBe(0);
    expect(await transfersTo(w.to)).toEqual([parseEther('3')]);
  }, 60_000);
});
