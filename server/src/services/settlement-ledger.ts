// Set-based ledger movements for the settlement job: the same double-entry shape as ledger.ts
// (one debit + one credit row per unique key, cached balances moved in the same transaction,
// uncached system accounts that face the outside world, the floor on user balances) written with
// INSERT … SELECT so that 100,000 users settle in a few statements instead of 100,000 transfers.
import type { LedgerKind } from '@free/protocol/api/ledger-kinds';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { type Asset, SYSTEM_ACCOUNTS, type SystemAccountName, type UserAccountName } from './ledger.ts';

export type BulkResult = { rows: number; total: bigint };

/**
 * Credits users from the `income` system account (allowed negative, no cached row).
 * `src` selects `user_id, amount, tx_key, ref`; rows with amount ≤ 0 are skipped; a key already
 * booked is skipped (so a replayed step pays nothing twice).
 */
export async function bulkCredit(
  tx: Executor,
  a: { src: SQL; account: UserAccountName; asset: Asset; kind: LedgerKind; from?: SystemAccountName },
): Promise<BulkResult> {
  const from = a.from ?? 'income';
  if (!SYSTEM_ACCOUNTS[from].allowNegative) throw new Error('bulkCredit needs an uncached system source');
  const sys = `system:${from}`;
  const res = await tx.execute(sql`
    WITH src AS (${a.src}),
    ins AS (
      INSERT INTO ledger_entries (tx_key, side, user_id, account, asset, amount, kind, ref)
      SELECT s.tx_key, v.side,
        CASE WHEN v.side = 'credit' THEN s.user_id END,
        CASE WHEN v.side = 'credit' THEN ${a.account} ELSE ${sys} END,
        ${a.asset},
        CASE WHEN v.side = 'credit' THEN s.amount ELSE -s.amount END,
        ${a.kind}, s.ref
      FROM src s CROSS JOIN (VALUES ('debit'), ('credit')) AS v(side)
      WHERE s.amount > 0
      ON CONFLICT ON CONSTRAINT ledger_entries_tx_side DO NOTHING
      RETURNING user_id, amount, side
    ),
    bal AS (
      INSERT INTO balances (user_id, account, asset, amount, allow_negative)
      SELECT user_id, ${a.account}, ${a.asset}, sum(amount), false FROM ins WHERE side = 'credit' GROUP BY user_id
      ON CONFLICT (user_id, account, asset) DO UPDATE SET amount = balances.amount + excluded.amount
      RETURNING 1
    )
    SELECT count(*) AS n, coalesce(sum(amount), 0)::text AS total, (SELECT count(*) FROM bal) AS b
    FROM ins WHERE side = 'credit'`);
  const [r] = rowsOf<{ n: string | number; total: string }>(res);
  return { rows: Number(r?.n ?? 0), total: BigInt(r?.total ?? '0') };
}

/**
 * Debits users' `account` into a cached system account (e.g. `fees`). Refuses (throws
 * InsufficientBalance, rolling the caller's transaction back) when any user would go below zero.
 */
export async function bulkDebitToSystem(
  tx: Executor,
  a: { src: SQL; account: UserAccountName; asset: Asset; kind: LedgerKind; to: SystemAccountName },
): Promise<BulkResult> {
  if (SYSTEM_ACCOUNTS[a.to].allowNegative) throw new Error('bulkDebitToSystem needs a cached system account');
  const sys = `system:${a.to}`;
  const res = await tx.execute(sql`
    WITH src AS (${a.src}),
    ins AS (
      INSERT INTO ledger_entries (tx_key, side, user_id, account, asset, amount, kind, ref)
      SELECT s.tx_key, v.side,
        CASE WHEN v.side = 'debit' THEN s.user_id END,
        CASE WHEN v.side = 'debit' THEN ${a.account} ELSE ${sys} END,
        ${a.asset},
        CASE WHEN v.side = 'credit' THEN s.amount ELSE -s.amount END,
        ${a.kind}, s.ref
      FROM src s CROSS JOIN (VALUES ('debit'), ('credit')) AS v(side)
      WHERE s.amount > 0
      ON CONFLICT ON CONSTRAINT ledger_entries_tx_side DO NOTHING
      RETURNING user_id, amount, side
    ),
    per_user AS (SELECT user_id, sum(amount) AS amt FROM ins WHERE side = 'debit' GROUP BY user_id),
    deb AS (
      UPDATE balances b SET amount = b.amount + p.amt
      FROM per_user p
      WHERE b.user_id = p.user_id AND b.account = ${a.account} AND b.asset = ${a.asset} AND b.amount + p.amt >= 0
      RETURNING b.user_id
    ),
    cred AS (
      INSERT INTO balances (user_id, account, asset, amount, allow_negative)
      SELECT NULL, ${sys}, ${a.asset}, sum(amount), false FROM ins WHERE side = 'credit' HAVING count(*) > 0
      ON CONFLICT (user_id, account, asset) DO UPDATE SET amount = balances.amount + excluded.amount
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM per_user) AS want, (SELECT count(*) FROM deb) AS got,
      (SELECT count(*) FROM cred) AS c,
      (SELECT count(*) FROM ins WHERE side = 'credit') AS n,
      (SELECT coalesce(sum(amount), 0)::text FROM ins WHERE side = 'credit') AS total`);
  const [r] = rowsOf<{ want: string | number; got: string | number; n: string | number; total: string }>(res);
  if (Number(r?.want ?? 0) !== Number(r?.got ?? 0)) {
    throw new AppError(
      ErrorCode.InsufficientBalance,
      undefined,
      `bulk debit of ${a.kind}: a balance would go negative`,
    );
  }
  return { rows: Number(r?.n ?? 0), total: BigInt(r?.total ?? '0') };
}
