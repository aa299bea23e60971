// Rotating the hot wallet on a real anvil: drain the old wallet while a payout is on its way, sweep
// its funds, let the new key take over: every withdrawal paid exactly once, by the wallet that signed it.
import { sql } from 'drizzle-orm';
import { type Address, erc20Abi, type Hex, type LocalAccount, parseEther, parseGwei } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localAccount, startTestChain, type TestChain } from '../../test/support/test-chain.ts';
import { openTestDb } from '../../test/support/test-db.ts';
import { queueUsdtWithdrawal } from '../../test/support/withdrawals.ts';
import { type DbHandle, rows } from '../db/client.ts';
import { runOps } from '../ops/commands.ts';
import type { WalletView } from './hot-wallet.ts';
import { drainStatus, sweepWallet } from './hot-wallet-rotation.ts';
import { type PayoutOptions, payoutOnce } from './payout.ts';

let chain: TestChain;
let h: DbHandle;
const old = localAccount(11);
const next = privateKeyToAccount(generatePrivateKey());

const options = (account: LocalAccount = old): PayoutOptions => ({
  db: h,
  client: chain.client,
  account,
  chainId: 31337,
  tokens: { USDT: chain.deployment.usdt, FREE: chain.deployment.free },
  finalityDepth: 2,
  maxFeePerGas: parseGwei('1000000'),
});
const tokens = () => ({ USDT: chain.deployment.usdt as Address, FREE: chain.deployment.free as Address });
const view = (): WalletView => ({ client: chain.client, address: old.address, finalityDepth: 2 });

let userSeq = 30;
const queueWithdrawal = (amount: bigint) => queueUsdtWithdrawal(h, localAccount(userSeq++).address, amount);

const withdrawal = async (id: number) =>
  (
    await rows<{ state: string; tx_hash: Hex | null }>(
      h.db,
      sql`SELECT state, tx_hash FROM withdrawals WHERE id = ${id}`,
    )
  )[0];

/** Every USDT transfer to `to` on chain, with the wallet it came from. */
async function paidTo(to: Address) {
  const logs = await chain.client.getContractEvents({
    address: chain.deployment.usdt,
    abi: erc20Abi,
    eventName: 'Transfer',
    args: { to },
    fromBlock: 0n,
  });
  return logs.map((l) => ({ from: l.args.from, value: l.args.value }));
}

const usdtOf = (address: Address) =>
  chain.client.readContract({
    address: chain.deployment.usdt,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  });

beforeAll(async () => {
  chain = await startTestChain();
  h = await openTestDb('memory://');
}, 180_000);
afterAll(async () => {
  await h?.close();
  await chain?.stop();
});

describe('hot wallet rotation', () => {
  it('drains the old wallet with a payout in flight, sweeps it, and the new key pays what waited: each once', async () => {
    // a payout signed and sent by the old wallet, not yet final
    await chain.test.setAutomine(false);
    const first = await queueWithdrawal(parseEther('7'));
    expect((await payoutOnce(options())).signed).toBe(1);
    expect((await withdrawal(first.id))?.state).toBe('broadcast');

    const ops = (...argv: string[]) => runOps(argv, { db: h, actor: 'test', hotWallet: view() });
    const draining = await ops('hotwallet:drain', old.address);
    expect(draining, JSON.stringify(draining)).toMatchObject({
      ok: true,
      result: { retired: true, drained: false },
    });
    expect((draining as { result: { open: unknown[] } }).result.open).toEqual([
      expect.objectContaining({ kind: 'withdrawal', refId: first.id, state: 'broadcast' }),
    ]);
    expect((draining as { alarm: string | null }).alarm).toContain('not drained');

    // a withdrawal asked for meanwhile is not signed by the retired wallet: it waits, queued
    const second = await queueWithdrawal(parseEther('5'));
    await expect(sweepWallet(h, { ...options(), finalityDepth: 2 }, next.address, tokens())).rejects.toThrow(
      /not drained/,
    );
    expect((await payoutOnce(options())).signed).toBe(0);
    expect((await withdrawal(second.id))?.state).toBe('queued');

    // the old wallet's payout is mined and becomes final; the jobs settle it
    await chain.test.setAutomine(true);
    await chain.test.mine({ blocks: 3 });
    await payoutOnce(options());
    expect((await withdrawal(first.id))?.state).toBe('confirmed');
    expect((await withdrawal(second.id))?.state).toBe('queued');
    expect(await ops('hotwallet:drain', old.address)).toMatchObject({ ok: true, result: { drained: true } });

    // sweep: USDT, FREE and BNB to the new wallet
    const held = await usdtOf(old.address);
    expect(held).toBeGreaterThan(0n);
    const swept = await sweepWallet(h, { ...options(), finalityDepth: 2 }, next.address, tokens());
    expect(swept.moved.map((m) => m.asset)).toEqual(['USDT', 'FREE', 'BNB']);
    expect(await usdtOf(old.address)).toBe(0n);
    expect(await usdtOf(next.address)).toBe(held);
    expect(await chain.client.getBalance({ address: next.address })).toBeGreaterThan(parseEther('1'));

    // the new key takes over: its nonce from the chain, the waiting withdrawal paid by it
    expect((await payoutOnce(options(next))).signed).toBe(1);
    await chain.test.mine({ blocks: 3 });
    await payoutOnce(options(next));
    expect((await withdrawal(second.id))?.state).toBe('confirmed');
    const [outbox] = await rows<{ wallet: string; nonce: number }>(
      h.db,
      sql`SELECT wallet, nonce FROM hot_wallet_txs WHERE kind = 'withdrawal' AND ref_id = ${second.id}`,
    );
    expect(outbox).toEqual({ wallet: next.address.toLowerCase(), nonce: 0 });

    // paid exactly once each, by the wallet that signed it; the old wallet signs nothing more
    expect(await paidTo(first.to)).toEqual([{ from: old.address, value: parseEther('7') }]);
    expect(await paidTo(second.to)).toEqual([{ from: next.address, value: parseEther('5') }]);
    const third = await queueWithdrawal(parseEther('1'));
    expect((await payoutOnce(options())).signed).toBe(0);
    expect((await withdrawal(third.id))?.state).toBe('queued');
    expect((await drainStatus(h, view(), old.address)).drained).toBe(true);
  }, 120_000);
});
