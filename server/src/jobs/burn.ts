// Burn job: burns on chain the FREE of the off-chain burns (ignition, balance-stake fees, chain-pool
// burns) with `FreeToken.burn(amount)` from the hot wallet, one batch per transaction. The batch's
// transaction goes into the hot-wallet outbox (jobs/hot-wallet.ts) in the same database transaction
// as the batch, so a crash re-sends it and never burns twice, and a stuck burn is fee-bumped like a
// payout instead of holding up the wallet's later nonces. The burns become confirmed only once its
// receipt is final; a batch that reverted, or whose nonce another transaction used, fails and gives
// its burns back to the next batch.
import { freeTokenAbi } from '@free/protocol/abi/index';
import { sql } from 'drizzle-orm';
import { type Address, encodeFunctionData, erc20Abi } from 'viem';
import { rows, sqlList } from '../db/client.ts';
import { TX_IN_FLIGHT } from '../db/schema/index.ts';
import { noopLog } from '../lib/logger.ts';
import { owedWithdrawalTotal } from '../services/withdraw.ts';
import { enqueue, type HotWalletOptions, queueOnce, unlessRetired } from './hot-wallet.ts';

export type BurnJobOptions = HotWalletOptions & {
  /** the FREE token: the hot wallet holds the FREE that backs users' FREE balances, and burns it */
  free: Address;
  /** most off-chain burns in one transaction */
  batch?: number;
  gasLimit?: bigint;
  /** test seam standing in for a crash between saving the signed batch and sending it */
  afterSign?: (batchId: number) => void | Promise<void>;
};

export type BurnStep = { signed: number; broadcast: number; confirmed: number; failed: number };

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
  const [open] = await rows(o.db.db, sql`SELECT 1 FROM burn_batches WHERE state IN ${sqlList(TX_IN_FLIGHT)}`);
  if (open) return null;
  const held = await hotWalletFree(o);
  return unlessRetired(o, null, () =>
    o.db.transaction(async (tx) => {
      // FREE withdrawals not paid yet are owed to users: never burn what they need
      const balance = held - (await owedWithdrawalTotal(tx, 'FREE'));
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
      const [batch] = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO burn_batches (free_amount) VALUES (${amount.toString()}) RETURNING id`,
      );
      const batchId = Number(batch?.id);
      await tx.execute(
        sql`UPDATE product_burns SET batch_id = ${batchId}
          WHERE id IN (${sql.join(
            ids.map((id) => sql`${id}::bigint`),
            sql`, `,
          )})`,
      );
      await enqueue(tx, o, [
        {
          kind: 'burn',
          refId: batchId,
          to: o.free,
          data: encodeFunctionData({ abi: freeTokenAbi, functionName: 'burn', args: [amount] }),
          gas: o.gasLimit ?? 100_000n,
        },
      ]);
      return batchId;
    }),
  );
}

/** One pass: sign a batch of pending burns, then one pass of the hot-wallet queue (send, settle). */
export async function burnOnce(o: BurnJobOptions): Promise<BurnStep> {
  const batchId = await signBurnBatch(o);
  if (batchId !== null) await o.afterSign?.(batchId);
  const q = await queueOnce(o);
  const step = {
    signed: batchId === null ? 0 : 1,
    broadcast: q.broadcast,
    confirmed: q.confirmed,
    failed: q.failed,
  };
  if (step.signed + step.broadcast + step.confirmed + step.failed > 0)
    (o.log ?? noopLog).info(step, 'burn: step');
  return step;
}
