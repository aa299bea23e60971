// Burn job against a real anvil: off-chain burns are burned on chain from the hot wallet's FREE,
// exactly once even across a crash, and each record gets its transaction hash and leaves pending.
import { sql } from 'drizzle-orm';
import { erc20Abi, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainWallet, localAccount, startTestChain, type TestChain } from '../../test/support/test-chain.ts';
import { BACKEND, createUsers, openTestDb } from '../../test/support/test-db.ts';
import { type DbHandle, rows } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import { listBurnRecords, recordOffchainBurn } from '../services/burn.ts';
import { type BurnJobOptions, burnOnce } from './burn.ts';

let chain: TestChain;
let h: DbHandle;
// an account of its own, so the payout suites' nonces are not disturbed
const hot = localAccount(13);

function options(extra: Partial<BurnJobOptions> = {}): BurnJobOptions {
  return {
    db: h,
    client: chain.client,
    account: hot,
    chainId: 31337,
    free: chain.deployment.free,
    finalityDepth: 2,
    ...extra,
  };
}

/** Gives the hot wallet `amount` FREE from test user 1 (the hot wallet holds none after deploy). */
async function fundHotWallet(amount: bigint) {
  const w = chainWallet(chain.rpcUrl, localAccount(1));
  await chain.client.waitForTransactionReceipt({
    hash: await w.writeContract({
      address: chain.deployment.free,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [hot.address, amount],
    }),
  });
}

const supply = () =>
  chain.client.readContract({ address: chain.deployment.free, abi: erc20Abi, functionName: 'totalSupply' });

async function burn(userId: number, free: bigint, ref: string) {
  await h.transaction((tx) =>
    recordOffchainBurn(tx, { userId, type: 'ignition', level: 0, free, usdt: free / 10n, ref }),
  );
}

async function records(userId: number) {
  return (await listBurnRecords(h.db, userId, 1, 20)).list;
}

describe.each(BACKEND)('burn job on $name', ({ url }) => {
  beforeAll(async () => {
    chain = await startTestChain();
    h = await openTestDb(url);
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await chain?.stop();
  });

  it('waits while the hot wallet lacks FREE, then burns once across a crash and confirms each record', async () => {
    const [a, b] = await createUsers(h, 2);
    await burn(a as number, parseEther('100'), 'ignition:t1');
    await burn(b as number, parseEther('30'), 'ignition:t2');

    const warnings: string[] = [];
    const log: Logger = { info: () => {}, error: () => {}, warn: (_o, msg) => warnings.push(msg ?? '') };
    expect((await burnOnce(options({ log }))).signed).toBe(0);
    expect(warnings.some((m) => m.includes('less FREE'))).toBe(true);
    expect((await records(a as number))[0]).toMatchObject({ pending: true, txHash: null });

    // enough for the oldest burn only: the batch takes it and leaves the other for later
    await fundHotWallet(parseEther('120'));
    const before = await supply();
    await expect(
      burnOnce(
        options({
          afterSign: () => {
            throw new Error('killed');
          },
        }),
      ),
    ).rejects.toThrow('killed');
    const [saved] = await records(a as number);
    expect(saved?.pending).toBe(true);
    expect(saved?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await records(b as number))[0]).toMatchObject({ pending: true, txHash: null });

    // restarted: the saved transaction is sent (no second one), then confirmed once final
    expect(await burnOnce(options())).toMatchObject({ signed: 0, broadcast: 1 });
    await chain.test.mine({ blocks: 3 });
    expect((await burnOnce(options())).confirmed).toBe(1);
    expect(await supply()).toBe(before - parseEther('100'));
    expect((await records(a as number))[0]).toMatchObject({ pending: false, txHash: saved?.txHash });
    const receipt = await chain.client.getTransactionReceipt({ hash: saved?.txHash as `0x${string}` });
    expect(receipt.status).toBe('success');

    // the second burn goes once the wallet holds enough
    await fundHotWallet(parseEther('10'));
    await burnOnce(options());
    await chain.test.mine({ blocks: 3 });
    await burnOnce(options());
    const [second] = await records(b as number);
    expect(second?.pending).toBe(false);
    expect(second?.txHash).not.toBe(saved?.txHash);
    expect(await supply()).toBe(before - parseEther('130'));
    const [batches] = await rows<{ n: number }>(
      h.db,
      sql`SELECT count(*)::int AS n FROM burn_batches WHERE state = 'confirmed'`,
    );
    expect(batches?.n).toBe(2);
  }, 60_000);

  it('a burn whose nonce another transaction used gives its records back to the next batch', async () => {
    const [c] = await createUsers(h, 1);
    await burn(c as number, parseEther('5'), 'ignition:t3');
    await fundHotWallet(parseEther('5'));
    // between saving the burn and sending it, the wallet spends its FREE with the same nonce
    const spendAll = async () => {
      const w = chainWallet(chain.rpcUrl, hot);
      await w.writeContract({
        address: chain.deployment.free,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [localAccount(1).address, parseEther('5')],
        nonce: await chain.client.getTransactionCount({ address: hot.address, blockTag: 'pending' }),
      });
    };
    const before = await supply();
    await burnOnce(options({ afterSign: spendAll }));
    await chain.test.mine({ blocks: 3 });
    // on a chain younger than the finality depth no block is final: the batch waits
    expect(await burnOnce(options({ finalityDepth: 1_000_000 }))).toMatchObject({ failed: 0 });
    expect((await records(c as number))[0]).toMatchObject({ pending: true });
    expect((await burnOnce(options())).failed).toBe(1);
    expect((await records(c as number))[0]).toMatchObject({ pending: true, txHash: null });
    const [b] = await rows<{ state: string; fail_reason: string }>(
      h.db,
      sql`SELECT state, fail_reason FROM burn_batches ORDER BY id DESC LIMIT 1`,
    );
    expect(b).toMatchObject({ state: 'failed' });
    expect(b?.fail_reason).toMatch(/nonce/);
    expect(await supply()).toBe(before);

    // with FREE again, the next batch burns it
    await fundHotWallet(parseEther('5'));
    await burnOnce(options());
    await chain.test.mine({ blocks: 3 });
    await burnOnce(options());
    expect((await records(c as number))[0]?.pending).toBe(false);
    expect(await supply()).toBe(before - parseEther('5'));
  }, 60_000);

  it('keeps back the FREE of withdrawals not paid yet', async () => {
    const [d] = await createUsers(h, 1);
    await burn(d as number, parseEther('3'), 'ignition:t4');
    await h.db.execute(sql`INSERT INTO withdrawals (user_id, asset, amount, to_address, ledger_key)
      VALUES (${d}, 'FREE', ${parseEther('5').toString()}, ${localAccount(2).address}, 'burn-test:w1')`);
    await fundHotWallet(parseEther('6')); // 1 FREE beyond the withdrawal: not enough for 3
    expect((await burnOnce(options())).signed).toBe(0);
    await fundHotWallet(parseEther('2'));
    expect((await burnOnce(options())).signed).toBe(1);
    await chain.test.mine({ blocks: 3 });
    await burnOnce(options());
    expect((await records(d as number))[0]?.pending).toBe(false);
  }, 60_000);
});
