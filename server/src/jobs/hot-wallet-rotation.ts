// Rotating the hot wallet with no payout lost or sent twice (docs/operations.md "Rotating the hot
// wallet"):
// 1. drain (`hotwallet:drain <old>`, no key): the outbox signs nothing new with the old wallet (its
//    nonce row is marked retired, under the lock enqueue takes), while the jobs still send, fee-bump
//    and settle what it signed. Drained when none of its outbox rows is open (a row settles only once
//    final) and nothing of the wallet waits in the pending pool;
// 2. sweep (`hotwallet:sweep <new>`, the old key): its USDT, FREE and then BNB go to the new wallet,
//    refused until drained (nothing of the outbox can then race the sweep for a nonce);
// 3. the jobs restart with the new HOT_WALLET_KEY: its outbox starts from its nonce on chain, and the
//    withdrawals and burns that waited are signed by it.
import { sql } from 'drizzle-orm';
import { type Address, encodeFunctionData, erc20Abi, type LocalAccount, type PublicClient } from 'viem';
import { type DbHandle, rows, sqlList } from '../db/client.ts';
import { TX_OPEN } from '../db/schema/index.ts';
import { feesNow, type WalletView } from './hot-wallet.ts';

export type DrainStatus = {
  wallet: Address;
  retired: boolean;
  /** outbox rows of this wallet still signed, broadcast or unresolved */
  open: { kind: string; refId: number; state: string; nonce: number }[];
  /** transactions counted by the chain: with the pending pool, and mined */
  nonces: { pending: number; latest: number };
  /** retired, no outbox row open (each settles only once final), nothing of the wallet pending */
  drained: boolean;
};

/** Where draining `wallet` stands (read-only). */
export async function drainStatus(db: DbHandle, view: WalletView, wallet: Address): Promise<DrainStatus> {
  const address = wallet.toLowerCase();
  const [n] = await rows<{ retired: boolean }>(
    db.db,
    sql`SELECT retired_at IS NOT NULL AS retired FROM hot_wallet_nonces WHERE address = ${address}`,
  );
  const open = await rows<{ kind: string; ref_id: number; state: string; nonce: number }>(
    db.db,
    sql`SELECT kind, ref_id, state, nonce FROM hot_wallet_txs
        WHERE wallet = ${address} AND state IN ${sqlList(TX_OPEN)} ORDER BY nonce`,
  );
  // an outbox row is settled only once its receipt (or its nonce's use) is in a final block, so no
  // open row means every transaction the outbox sent is final; pending = latest: none outside it waits
  const [pending, latest] = await Promise.all([
    view.client.getTransactionCount({ address: wallet, blockTag: 'pending' }),
    view.client.getTransactionCount({ address: wallet, blockTag: 'latest' }),
  ]);
  const retired = n?.retired === true;
  return {
    wallet,
    retired,
    open: open.map((r) => ({
      kind: r.kind,
      refId: Number(r.ref_id),
      state: r.state,
      nonce: Number(r.nonce),
    })),
    nonces: { pending, latest },
    drained: retired && open.length === 0 && pending === latest,
  };
}

/**
 * Marks `wallet` retired: from the commit on, enqueue signs nothing new with it (it takes the same
 * row lock, so a signing step in flight finishes first). Idempotent.
 */
export async function retireWallet(
  db: DbHandle,
  view: WalletView,
  wallet: Address,
  now: Date,
): Promise<DrainStatus> {
  const onChain = await view.client.getTransactionCount({ address: wallet, blockTag: 'pending' });
  await db.db.execute(
    sql`INSERT INTO hot_wallet_nonces (address, next_nonce, retired_at) VALUES (${wallet.toLowerCase()}, ${onChain}, ${now.toISOString()}::timestamptz)
        ON CONFLICT (address) DO UPDATE SET retired_at = COALESCE(hot_wallet_nonces.retired_at, EXCLUDED.retired_at), updated_at = now()`,
  );
  return drainStatus(db, view, wallet);
}

export type SweepResult = {
  from: Address;
  to: Address;
  moved: { asset: 'USDT' | 'FREE' | 'BNB'; amount: bigint; txHash: string }[];
};

/**
 * Moves everything the drained wallet holds to `to`: each token's whole balance, then the BNB left
 * after the last transfer's fee. Refused unless drained; each transfer waits for its receipt.
 */
export async function sweepWallet(
  db: DbHandle,
  o: { client: PublicClient; account: LocalAccount; chainId: number; finalityDepth: number },
  to: Address,
  tokens: { USDT: Address; FREE: Address },
): Promise<SweepResult> {
  const view: WalletView = { client: o.client, address: o.account.address, finalityDepth: o.finalityDepth };
  const status = await drainStatus(db, view, o.account.address);
  if (!status.drained)
    throw new Error(
      `hot wallet ${o.account.address} is not drained (retired: ${status.retired}, open outbox rows: ${status.open.length}, nonces pending/latest ${status.nonces.pending}/${status.nonces.latest}): run hotwallet:drain until it says drained`,
    );
  if (to.toLowerCase() === o.account.address.toLowerCase()) throw new Error('the new wallet is the old one');
  const moved: SweepResult['moved'] = [];
  const wait = async (hash: `0x${string}`) => {
    const r = await o.client.waitForTransactionReceipt({ hash });
    if (r.status !== 'success') throw new Error(`sweep transaction ${hash} reverted`);
  };
  let nonce = status.nonces.pending;
  for (const asset of ['USDT', 'FREE'] as const) {
    const amount = await o.client.readContract({
      address: tokens[asset],
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [o.account.address],
    });
    if (amount === 0n) continue;
    const fees = await feesNow({ client: o.client });
    const gas = await o.client.estimateContractGas({
      address: tokens[asset],
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, amount],
      account: o.account,
    });
    const raw = await o.account.signTransaction({
      chainId: o.chainId,
      type: 'eip1559',
      to: tokens[asset],
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
      nonce: nonce++,
      gas: (gas * 12n) / 10n,
      ...fees,
    });
    const hash = await o.client.sendRawTransaction({ serializedTransaction: raw });
    await wait(hash);
    moved.push({ asset, amount, txHash: hash });
  }
  const balance = await o.client.getBalance({ address: o.account.address });
  const fees = await feesNow({ client: o.client });
  const cost = 21_000n * fees.maxFeePerGas;
  if (balance > cost) {
    // at most maxFeePerGas is charged per gas: what is left over stays as dust
    const raw = await o.account.signTransaction({
      chainId: o.chainId,
      type: 'eip1559',
      to,
      value: balance - cost,
      nonce: nonce++,
      gas: 21_000n,
      ...fees,
    });
    const hash = await o.client.sendRawTransaction({ serializedTransaction: raw });
    await wait(hash);
    moved.push({ asset: 'BNB', amount: balance - cost, txHash: hash });
  }
  return { from: o.account.address, to, moved };
}
