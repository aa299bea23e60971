// HTTP-level idempotency for money-moving POSTs: the first request with a key does the work and
// stores its answer's JSON text in the same transaction; a retry gets that text back. A key is kept
// IDEMPOTENCY_KEY_TTL_MS (docs/api.md "Request headers"): older, it is forgotten, the idempotency-keys
// job deletes it, and the same key again is a new request.
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { rows, rowsOf, type SqlRunner, type Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';

/** How long a key answers its retries: 24 hours, as Stripe keeps them. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;
const TTL_SQL = sql.raw(`interval '${IDEMPOTENCY_KEY_TTL_MS} milliseconds'`);

export const requestHash = (route: string, body: unknown) =>
  createHash('sha256')
    .update(`${route}\n${JSON.stringify(body)}`)
    .digest('hex');

/**
 * Claims `key` for this user and request (a key older than IDEMPOTENCY_KEY_TTL_MS counts as
 * unused). Returns the stored answer's text when the same request was already done, `null` when this call should do the work. Different content, or a key kept
 * without an answer (a command run outside HTTP) → IdempotencyConflict.
 * A duplicate arriving while the first is still in its transaction does not wait behind it (it
 * could outlive its own time budget): it is answered InProgress at once, and its retry with the
 * same key gets the first one's answer, or does the work if the first rolled back.
 */
export async function claimIdempotencyKey(
  tx: Tx,
  args: { userId: number; key: string; route: string; hash: string },
): Promise<string | null> {
  // held until this transaction ends; another holder is a request with this key still running
  const [lock] = rowsOf<{ free: boolean }>(
    await tx.execute(
      sql`SELECT pg_try_advisory_xact_lock(${args.userId}::int, hashtext(${args.key})) AS free`,
    ),
  );
  if (!lock?.free) throw new AppError(ErrorCode.InProgress, 'idempotency-key');
  // a key past its window is forgotten even before the job deletes it: claimed anew, as new
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId: args.userId, key: args.key, route: args.route, requestHash: args.hash })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { route: args.route, requestHash: args.hash, answer: null, createdAt: sql`now()` },
      setWhere: sql`${idempotencyKeys.createdAt} < now() - ${TTL_SQL}`,
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return null;
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, args.userId), eq(idempotencyKeys.key, args.key)));
  if (!row || row.route !== args.route || row.requestHash !== args.hash || row.answer === null) {
    throw new AppError(ErrorCode.IdempotencyConflict, 'idempotency-key');
  }
  return row.answer;
}

export async function storeIdempotentAnswer(tx: Tx, userId: number, key: string, answer: string) {
  await tx
    .update(idempotencyKeys)
    .set({ answer })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/**
 * Deletes up to `limit` keys older than the window (the oldest first), and returns how many. Ages are
 * the database's clock, which also stamped `created_at`.
 */
export async function deleteExpiredIdempotencyKeys(db: SqlRunner, limit: number): Promise<number> {
  const gone = await rows<{ n: number }>(
    db,
    sql`WITH old AS (
      SELECT user_id, key FROM idempotency_keys WHERE created_at < now() - ${TTL_SQL}
      ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    DELETE FROM idempotency_keys k USING old WHERE k.user_id = old.user_id AND k.key = old.key
    RETURNING 1 AS n`,
  );
  return gone.length;
}
