// Burn job: burns on chain the FREE of the off-chain burns (ignition, balance-stake fees, chain-pool
// burns) with `FreeToken.burn(amount)` from the hot wallet, one batch per transaction. The batch's
// signed transaction is saved with its burns BEFORE it is sent (the nonce comes from the same row
// as the payout worker's), so a crash re-sends it and never burns twice; the burns become confirmed
// only once its receipt is final. A batch that reverted, or whose nonce another transaction used,
// fails and gives its burns back to the next batch.
import { freeTokenAbi } from '@free/protocol/abi/index';
import { sql } from 'drizzle-orm';
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  keccak256,
  type LocalAccount,
  type PublicClient,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem';
import type { DbHandle, Tx } from '../db/client.ts';
import { rows } from '../services/team.ts';
import { type JobLogger, noopLog } from './loop.ts';
import { feesNow, lockNextNonce, saveNextNonce, sendSaved } from './payout.ts';

export type BurnJobOptions = {
  db: DbHandle;
  client: PublicClient;
  /** the hot wallet: it holds the FREE that backs users' FREE balances, and burns it */
  account: LocalAccount;
  chainId: number;
  free: Address;
  /** a receipt counts once its block is this many blocks below the head */
  finalityDepth: number;
  /** most off-chain burns in one transaction */
  batch?: number;
  gasLimit?: bigint;
  log?: JobLogger;
  /** test seam standing in for a crash between saving the signed batch and sending it */
  afterSign?: (batchId: number) => void | Promise<void>;
};

export type BurnStep = { signed: number; broadcast: number; confirmed: number; failed: number };

type OpenBatch = {
  id: number;
  state: 'signed' | 'broadcast';
  chain_nonce: number;
  raw_tx: Hex;
  tx_hash: Hex;
};

const DEFAULT_BATCH = 500;

async function hotWalletFree(o: BurnJobOptions): Promise<bigint> {
  return o.client.readContract({
    address: o.free,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [o.account.address],
  });
}

/**
 * Signs one burn transaction for the oldest pending burns not in a batch yet (as many as the hot
 * wallet's FREE covers), and saves it with them. Nothing is signed while another batch is open:
 * the balance read then still counts every FREE the open batch will burn.
 */
export async function signBurnBatch(o: BurnJobOptions): Promise<number | null> {
  const [open] = await rows(o.db.db, sql`SELECT 1 FROM burn_batches WHERE state IN ('signed', 'broadcast')`);
  if (open) return null;
  const fees = await feesNow(o);
  const held = await hotWalletFree(o);
  return o.db.transaction(async (tx) => {
    // FREE withdrawals not paid yet are owed to users: never burn what they need
    const [owed] = await rows<{ s: string }>(
      tx,
      sql`SELECT coalesce(sum(amount), 0)::text AS s FROM withdrawals
          WHERE asset = 'FREE' AND state IN ('review', 'queued', 'signed', 'broadcast')`,
    );
    const balance = held - BigInt(owed?.s ?? '0');
    const pending = await rows<{ id: number; free_amount: string }>(
      tx,
      sql`SELECT id, free_amount::text FROM product_burns WHERE status = 'pending' AND batch_id IS NULL
          AND free_amount > 0 ORDER BY id LIMIT ${o.batch ?? DEFAULT_BATCH} FOR UPDATE SKIP LOCKED`,
    );
    if (pending.length === 0) return null;
    const ids: number[] = [];
    let amount = 0n;
    for (const b of pending) {
      if (amount + BigInt(b.free_amount) > balance) break;
      amount += BigInt(b.free_amount);
      ids.push(Number(b.id));
    }
    if (ids.length === 0) {
      (o.log ?? noopLog).warn(
        { burnable: balance.toString(), needed: pending[0]?.free_amount, burnId: pending[0]?.id },
        'burn: the hot wallet holds less FREE (beyond unpaid FREE withdrawals) than the oldest pending burn; waiting for FREE',
      );
      return null;
    }
    const { next: nonce } = await lockNextNonce(tx, o);
    const raw = await o.account.signTransaction({
      chainId: o.chainId,
      type: 'eip1559',
      to: o.free,
      data: encodeFunctionData({ abi: freeTokenAbi, functionName: 'burn', args: [amount] }),
      value: 0n,
      nonce,
      gas: o.gasLimit ?? 100_000n,
      ...fees,
    });
    const hash = keccak256(raw);
    const [batch] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO burn_batches (free_amount, chain_nonce, raw_tx, tx_hash)
          VALUES (${amount.toString()}, ${nonce}, ${raw}, ${hash}) RETURNING id`,
    );
    const batchId = Number(batch?.id);
    await tx.execute(
      sql`UPDATE product_burns SET batch_id = ${batchId}, tx_hash = ${hash}
          WHERE id IN (${sql.join(
            ids.map((id) => sql`${id}::bigint`),
            sql`, `,
          )})`,
    );
    await saveNextNonce(tx, o, nonce + 1);
    return batchId;
  });
}

async function openBatches(o: BurnJobOptions): Promise<OpenBatch[]> {
  return rows<OpenBatch>(
    o.db.db,
    sql`SELECT id, state, chain_nonce, raw_tx, tx_hash FROM burn_batches
        WHERE state IN ('signed', 'broadcast') ORDER BY chain_nonce`,
  );
}

async function receiptOf(o: BurnJobOptions, hash: Hex): Promise<TransactionReceipt | null> {
  try {
    return await o.client.getTransactionReceipt({ hash });
  } catch (err) {
    if (err instanceof TransactionReceiptNotFoundError) return null;
    throw err;
  }
}

/** Fails the batch and releases its burns (they stay pending and go into the next batch). */
async function failBatch(tx: Tx, id: number, reason: string): Promise<boolean> {
  const moved = await rows(
    tx,
    sql`UPDATE burn_batches SET state = 'failed', fail_reason = ${reason}, updated_at = now()
        WHERE id = ${id} AND state IN ('signed', 'broadcast') RETURNING id`,
  );
  if (moved.length === 0) return false;
  await tx.execute(
    sql`UPDATE product_burns SET batch_id = NULL, tx_hash = NULL WHERE batch_id = ${id} AND status = 'pending'`,
  );
  return true;
}

/** Sends every saved batch that was not sent yet (again, after a crash) with its saved transaction. */
export async function broadcastBurns(o: BurnJobOptions): Promise<number> {
  let sent = 0;
  for (const b of await openBatches(o)) {
    if (b.state !== 'signed') continue;
    try {
      await sendSaved(o, b.raw_tx, b.tx_hash);
    } catch (err) {
      (o.log ?? noopLog).warn({ batch: b.id, err: (err as Error).message }, 'burn: sending failed; retrying');
      continue;
    }
    await o.db.db.execute(
      sql`UPDATE burn_batches SET state = 'broadcast', updated_at = now() WHERE id = ${b.id} AND state = 'signed'`,
    );
    sent++;
  }
  return sent;
}

/**
 * Confirms the burns of a batch whose successful receipt is final; fails a batch that reverted or
 * whose nonce another transaction used in a final block; sends a dropped one again.
 */
export async function confirmBurns(o: BurnJobOptions): Promise<{ confirmed: number; failed: number }> {
  // a saved batch the node refused counts too: its nonce may have gone to another transaction
  const list = await openBatches(o);
  if (list.length === 0) return { confirmed: 0, failed: 0 };
  const head = await o.client.getBlockNumber({ cacheTime: 0 });
  const finalBlock = head - BigInt(o.finalityDepth);
  let confirmed = 0;
  let failed = 0;
  for (const b of list) {
    const receipt = await receiptOf(o, b.tx_hash);
    if (!receipt) {
      const final =
        o.finalityDepth === 0
          ? await o.client.getTransactionCount({ address: o.account.address, blockTag: 'latest' })
          : finalBlock < 0n
            ? 0 // a chain younger than the finality depth has no final block yet
            : await o.client.getTransactionCount({ address: o.account.address, blockNumber: finalBlock });
      if (final > b.chain_nonce && !(await receiptOf(o, b.tx_hash))) {
        const done = await o.db.transaction((tx) =>
          failBatch(tx, b.id, `nonce ${b.chain_nonce} was used by another transaction`),
        );
        if (done) {
          failed++;
          (o.log ?? noopLog).warn({ batch: b.id, tx: b.tx_hash }, 'burn: nonce used by another transaction');
        }
      } else {
        await sendSaved(o, b.raw_tx, b.tx_hash).catch((err: Error) =>
          (o.log ?? noopLog).warn({ batch: b.id, err: err.message }, 'burn: re-send failed'),
        );
      }
      continue;
    }
    if (receipt.blockNumber > finalBlock) continue;
    if (receipt.status === 'success') {
      const done = await o.db.transaction(async (tx) => {
        const moved = await rows(
          tx,
          sql`UPDATE burn_batches SET state = 'confirmed', updated_at = now()
              WHERE id = ${b.id} AND state IN ('signed', 'broadcast') RETURNING id`,
        );
        if (moved.length === 0) return false;
        await tx.execute(
          sql`UPDATE product_burns SET status = 'confirmed', tx_hash = ${b.tx_hash} WHERE batch_id = ${b.id}`,
        );
        return true;
      });
      if (done) confirmed++;
    } else {
      const done = await o.db.transaction((tx) => failBatch(tx, b.id, `transaction ${b.tx_hash} reverted`));
      if (done) {
        failed++;
        (o.log ?? noopLog).warn(
          { batch: b.id, tx: b.tx_hash },
          'burn: transaction reverted; burns wait for the next batch',
        );
      }
    }
  }
  return { confirmed, failed };
}

/** One pass: sign a batch of pending burns, send what is saved, settle what is final. */
export async function burnOnce(o: BurnJobOptions): Promise<BurnStep> {
  const batchId = await signBurnBatch(o);
  if (batchId !== null) await o.afterSign?.(batchId);
  const broadcast = await broadcastBurns(o);
  const { confirmed, failed } = await confirmBurns(o);
  const step = { signed: batchId === null ? 0 : 1, broadcast, confirmed, failed };
  if (step.signed + broadcast + confirmed + failed > 0) (o.log ?? noopLog).info(step, 'burn: step');
  return step;
}
