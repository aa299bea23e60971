// Set-based ledger movements for the settlement job: the same double-entry shape as ledger.ts
// (one debit + one credit row per unique key, cached balances moved in the same transaction,
// uncached system accounts that face the outside world, the floor on user balances) written with
// INSERT … SELECT so that 100,000 users settle in a few statements instead of 100,000 transfers.
// Like transfer(), each user entry gets the user's next `seq` (ledger_seqs), in id order, and a key
// already booked is skipped before any seq is taken, so a user's seqs stay without a gap. (A key
// booked by another transaction while this one runs makes the insert fail on the unique key: the
// caller's transaction rolls back and nothing is paid twice.)
import type { LedgerKind } from '@free/protocol/api/ledger-kinds';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { businessNowSql, rowsOf } from '../db/client.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { notifyMovement } from './events.ts';
import { type Asset, SYSTEM_ACCOUNTS, type SystemAccountName, type UserAccountName } from './ledger.ts';

export type BulkResult = { rows: number; total: bigint };

/**
 * Stages the source rows to book (amount > 0, key not booked yet) in the temp table bulk_todo and
 * takes their seqs from every user's counter, in user order (the counters stay locked until the
 * transaction ends). Returns the CTE `numbered` (user_id, amount, tx_key, ref, seq) over them.
 * (Three statements rather than CTEs of one: PostgreSQL has no statistics for a CTE, and a join of
 * CTEs of 100,000 rows each could be planned as a nested loop.)
 */
async function stageWithSeqs(tx: Executor, src: SQL): Promise<SQL> {
  await tx.execute(sql`DROP TABLE IF EXISTS pg_temp.bulk_todo`);
  await tx.execute(sql`CREATE TEMP TABLE bulk_todo ON COMMIT DROP AS
    SELECT s.user_id, s.amount, s.tx_key, s.ref,
      row_number() OVER (PARTITION BY s.user_id ORDER BY s.tx_key) AS rn,
      count(*) OVER (PARTITION BY s.user_id) AS n
    FROM (${src}) s
    WHERE s.amount > 0 AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.tx_key = s.tx_key)`);
  await tx.execute(sql`ANALYZE bulk_todo`);
  await tx.execute(sql`INSERT INTO ledger_seqs (user_id, last)
    SELECT user_id, max(n) FROM bulk_todo GROUP BY user_id ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET last = ledger_seqs.last + excluded.last`);
  return sql`numbered AS (
      SELECT t.user_id, t.amount, t.tx_key, t.ref, q.last - t.n + t.rn AS seq
      FROM bulk_todo t JOIN ledger_seqs q ON q.user_id = t.user_id
    )`;
}

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
  const numbered = await stageWithSeqs(tx, a.src);
  const res = await tx.execute(sql`
    WITH ${numbered},
    ins AS (
      INSERT INTO ledger_entries (tx_key, side, user_id, account, asset, amount, kind, ref, seq, created_at)
      SELECT s.tx_key, v.side,
        CASE WHEN v.side = 'credit' THEN s.user_id END,
        CASE WHEN v.side = 'credit' THEN ${a.account} ELSE ${sys} END,
        ${a.asset},
        CASE WHEN v.side = 'credit' THEN s.amount ELSE -s.amount END,
        ${a.kind}, s.ref,
        CASE WHEN v.side = 'credit' THEN s.seq END, ${businessNowSql(tx)}
      FROM numbered s CROSS JOIN (VALUES ('debit'), ('credit')) AS v(side)
      ORDER BY s.user_id, s.seq, v.side DESC
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
  // one message for the whole batch: every signed-in stream reads its balances again
  if (Number(r?.n ?? 0) > 0) await notifyMovement(tx, null, a.kind);
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
  const numbered = await stageWithSeqs(tx, a.src);
  const res = await tx.execute(sql`
    WITH ${numbered},
    ins AS (
      INSERT INTO ledger_entries (tx_key, side, user_id, account, asset, amount, kind, ref, seq, created_at)
      SELECT s.tx_key, v.side,
        CASE WHEN v.side = 'debit' THEN s.user_id END,
        CASE WHEN v.side = 'debit' THEN ${a.account} ELSE ${sys} END,
        ${a.asset},
        CASE WHEN v.side = 'credit' THEN s.amount ELSE -s.amount END,
        ${a.kind}, s.ref,
        CASE WHEN v.side = 'debit' THEN s.seq END, ${businessNowSql(tx)}
      FROM numbered s CROSS JOIN (VALUES ('debit'), ('credit')) AS v(side)
      ORDER BY s.user_id, s.seq, v.side
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
  if (Number(r?.n ?? 0) > 0) await notifyMovement(tx, null, a.kind);
  return { rows: Number(r?.n ?? 0), total: BigInt(r?.total ?? '0') };
}
