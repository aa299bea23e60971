// HTTP-level idempotency for money-moving POSTs: the first request with a key does the work and
// stores its answer's JSON text in the same transaction; a retry gets that text back.
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';

export const requestHash = (route: string, body: unknown) =>
  createHash('sha256')
    .update(`${route}\n${JSON.stringify(body)}`)
    .digest('hex');

/**
 * Claims `key` for this user and request. Returns the stored answer's text when the same request
 * was already done, `null` when this call should do the work. Different content, or a key kept
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
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId: args.userId, key: args.key, route: args.route, requestHash: args.hash })
    .onConflictDoNothing()
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
