// Payments the indexer saw but could not credit (no such order, or not the order's payer, token or
// treasury). They are recorded in the indexer's transaction, once per log, so that money sent to the
// platform is never silently dropped; the operator lists them (`npm run ops -- payments:unmatched`).
import type { Page } from '@free/protocol/api/common';
import { desc } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.ts';
import { countRows } from '../db/count.ts';
import { unmatchedPayments } from '../db/schema/index.ts';

export type UnmatchedPayment = {
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  orderId: string;
  payer: string;
  token: string;
  to: string;
  amount: bigint;
  burned: bigint;
  executorReward: bigint;
  reason: string;
  paidAt: Date;
};

/** A recorded unmatched payment as stored: amounts in wei, its time a Date (views/admin-money.ts answers it). */
export type UnmatchedPaymentRow = typeof unmatchedPayments.$inferSelect;

/** Records a payment that credited nothing; a second call for the same log changes nothing. */
export async function recordUnmatchedPayment(tx: Tx, p: UnmatchedPayment): Promise<void> {
  await tx
    .insert(unmatchedPayments)
    .values({
      txHash: p.txHash.toLowerCase(),
      logIndex: p.logIndex,
      blockNumber: Number(p.blockNumber),
      orderId: p.orderId.toLowerCase(),
      payer: p.payer.toLowerCase(),
      token: p.token.toLowerCase(),
      toAddress: p.to.toLowerCase(),
      amount: p.amount,
      burned: p.burned,
      executorReward: p.executorReward,
      reason: p.reason,
      paidAt: p.paidAt,
    })
    .onConflictDoNothing();
}

/** Unmatched payments, newest block first (for the ops command and the operator console). */
export async function listUnmatchedPayments(
  db: Executor,
  opts: { page?: number; size?: number } = {},
): Promise<Page<UnmatchedPaymentRow>> {
  const page = opts.page ?? 1;
  const size = opts.size ?? 50;
  const list = await db
    .select()
    .from(unmatchedPayments)
    .orderBy(desc(unmatchedPayments.blockNumber), desc(unmatchedPayments.logIndex))
    .limit(size)
    .offset((page - 1) * size);
  const total = await countRows(db, unmatchedPayments);
  return {
    list,
    total,
    page,
    size,
  };
}
