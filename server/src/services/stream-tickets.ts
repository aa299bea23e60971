// One-use tickets for the signed-in event stream: a browser's EventSource cannot send the bearer
// token, and a token in a URL would end up in access logs. A ticket is asked for with a signed
// request, travels once in the stream's URL and is gone at its first use or after STREAM_TICKET_MS,
// so a logged URL opens nothing. Only the ticket's sha256 is stored.
import { randomBytes } from 'node:crypto';
import { STREAM_TICKET_MS } from '@free/protocol/stream';
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf, sqlList } from '../db/client.ts';
import { sha256Hex } from './auth.ts';

export async function issueStreamTicket(
  db: Executor,
  a: { userId: number; token: string; now: Date },
): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = randomBytes(32).toString('hex');
  const expiresAt = new Date(a.now.getTime() + STREAM_TICKET_MS);
  // expired tickets of anyone go with each new one (indexed): the table stays small
  await db.execute(sql`DELETE FROM stream_tickets WHERE expires_at <= ${a.now.toISOString()}::timestamptz`);
  await db.execute(sql`INSERT INTO stream_tickets (ticket_hash, user_id, session_hash, expires_at)
    VALUES (${sha256Hex(ticket)}, ${a.userId}, ${sha256Hex(a.token)}, ${expiresAt.toISOString()}::timestamptz)`);
  return { ticket, expiresAt };
}

/**
 * The user (and session) a ticket opens the stream for, once: the ticket is deleted as it is used,
 * and refused when expired or when the session that asked for it has ended (revoked or expired).
 */
export async function redeemStreamTicket(
  db: Executor,
  ticket: string,
  now: Date,
): Promise<{ userId: number; sessionHash: string } | null> {
  if (!/^[0-9a-f]{64}$/.test(ticket)) return null;
  const [row] = rowsOf<{ user_id: number; session_hash: string }>(
    await db.execute(sql`DELETE FROM stream_tickets t USING sessions s
      WHERE t.ticket_hash = ${sha256Hex(ticket)} AND t.expires_at > ${now.toISOString()}::timestamptz
        AND s.token_hash = t.session_hash AND s.revoked_at IS NULL AND s.expires_at > ${now.toISOString()}::timestamptz
      RETURNING t.user_id, t.session_hash`),
  );
  return row ? { userId: row.user_id, sessionHash: row.session_hash } : null;
}

/** Of these session hashes, the ones whose session has ended (revoked or expired) by `now`. */
export async function endedSessions(db: Executor, hashes: string[], now: Date): Promise<string[]> {
  if (hashes.length === 0) return [];
  const live = rowsOf<{ token_hash: string }>(
    await db.execute(
      sql`SELECT token_hash FROM sessions WHERE token_hash IN ${sqlList(hashes)} AND revoked_at IS NULL AND expires_at > ${now.toISOString()}::timestamptz`,
    ),
  );
  const alive = new Set(live.map((r) => r.token_hash));
  return hashes.filter((h) => !alive.has(h));
}
