// Withdrawal: validated, debited and queued in ONE transaction; the payout worker (server-chain)
// pays it; a failed one is refunded exactly once through refundWithdrawal.
import { desc, eq } from 'drizzle-orm';
import type { DbHandle, Executor, Tx } from '../db/client.ts';
import { countRows } from '../db/count.ts';
import { withdrawals } from '../db/schema/index.ts';
import { amt, checksum, iso, isoOrNull } from '../lib/format.ts';
import { parseMoney, requestKey, runCommand } from './command.ts';
import { systemAccount, transfer, userAccount } from './ledger.ts';

type WithdrawalRow = typeof withdrawals.$inferSelect;

export type WithdrawalView = {
  id: number;
  coin: string;
  amount: string;
  to: string;
  state: WithdrawalRow['state'];
  pending: boolean;
  txHash: string | null;
  createdAt: string;
  confirmedAt: string | null;
};

export const withdrawalView = (w: WithdrawalRow): WithdrawalView => ({
  id: w.id,
  coin: w.asset,
  amount: amt(w.amount),
  to: checksum(w.toAddress),
  state: w.state,
  pending: w.state === 'queued' || w.state === 'signed' || w.state === 'broadcast',
  txHash: w.txHash,
  createdAt: iso(w.createdAt),
  confirmedAt: isoOrNull(w.confirmedAt),
});

export type ApplyInput = {
  userId: number;
  /** the user's own address: the only destination (the bound wallet) */
  userAddress: string;
  amount: string;
  coin: 'USDT';
  idempotencyKey?: string | undefined;
  now: Date;
};

const ROUTE = 'withdraw/apply';

export async function applyWithdrawal(db: DbHandle, input: ApplyInput): Promise<WithdrawalView> {
  return runCommand(db, {
    module: 'withdraw',
    userId: input.userId,
    route: ROUTE,
    idempotencyKey: input.idempotencyKey,
    parse: (settings) =>
      parseMoney(input.amount, { kind: 'withdraw', min: BigInt(settings.min_withdraw_wei) }),
    content: (amount) => ({ amount: amount.toString(), coin: input.coin }),
    run: async (tx, amount) => {
      const ledgerKey = requestKey('withdraw', input.userId, input.idempotencyKey);
      const [row] = await tx
        .insert(withdrawals)
        .values({
          userId: input.userId,
          asset: input.coin,
          amount,
          toAddress: checksum(input.userAddress),
          state: 'queued',
          ledgerKey,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning();
      if (!row) throw new Error('withdrawal insert returned nothing');
      await transfer(tx, {
        key: ledgerKey,
        from: userAccount(input.userId, 'wallet'),
        to: systemAccount('payout'),
        asset: input.coin,
        amount,
        kind: 'withdraw',
        ref: `withdrawal:${row.id}`,
      });
      return withdrawalView(row);
    },
  });
}

/**
 * Gives a failed withdrawal's money back, exactly once (ledger key `withdraw_refund:<id>` and the
 * state change in one transaction). Only `failed` withdrawals are refunded; a refunded one is a no-op.
 */
export async function refundWithdrawal(
  tx: Tx,
  withdrawalId: number,
  now: Date = new Date(),
): Promise<boolean> {
  const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for('update');
  if (!w) throw new Error(`withdrawal ${withdrawalId} not found`);
  if (w.state === 'refunded') return false;
  if (w.state !== 'failed') throw new Error(`withdrawal ${withdrawalId} is ${w.state}, not failed`);
  await transfer(tx, {
    key: `withdraw_refund:${w.id}`,
    from: systemAccount('payout'),
    to: userAccount(w.userId, 'wallet'),
    asset: w.asset as 'USDT',
    amount: w.amount,
    kind: 'withdraw_refund',
    ref: `withdrawal:${w.id}`,
  });
  await tx.update(withdrawals).set({ state: 'refunded', updatedAt: now }).where(eq(withdrawals.id, w.id));
  return true;
}

export async function listWithdrawals(db: Executor, userId: number, page: number, size: number) {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.id))
    .limit(size)
    .offset((page - 1) * size);
  const count = await countRows(db, withdrawals, eq(withdrawals.userId, userId));
  return { list: rows.map(withdrawalView), total: count, page, size };
}
