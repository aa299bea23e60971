// What the API tells its streams (GET /api/stream, docs/api.md), written inside the transaction
// that made the change: PostgreSQL's NOTIFY is transactional, so every API process listening on
// the database hears it once the transaction commits, and never when it rolls back (PGlite
// behaves the same in-process). The listening side is services/event-bus.ts.
import type { LedgerKind } from '@free/protocol/api/ledger-kinds';
import { groupsOfKind, type PublicEvent, type StreamGroup } from '@free/protocol/stream';
import { type SQL, sql } from 'drizzle-orm';

/** Anything that runs a statement: the database, a transaction. */
type Runner = { execute: (query: SQL) => Promise<unknown> };

/**
 * One message on the channel. `u: null` is every user (a bulk credit of the settlement). `revoke`:
 * sessions of user `u` ended (`s`: their token hashes; null: every session of the user).
 */
export type BusMessage =
  | { t: 'user'; u: number[] | null; g: StreamGroup[] }
  | { t: 'team' }
  | { t: 'revoke'; u: number; s: string[] | null }
  | { t: PublicEvent; d?: Record<string, string> };

/**
 * The channel of the database schema the connection works in: test files and deployments that
 * share one PostgreSQL in separate schemas do not hear each other.
 */
export const CHANNEL_SQL = sql.raw(`'free_' || current_schema()`);

/** PostgreSQL refuses a payload of 8,000 bytes or more: a longer list of users becomes "everyone". */
const MAX_PAYLOAD = 7_000;

async function send(db: Runner, m: BusMessage): Promise<void> {
  let payload = JSON.stringify(m);
  if (payload.length > MAX_PAYLOAD && m.t === 'user') payload = JSON.stringify({ ...m, u: null });
  if (payload.length > MAX_PAYLOAD && m.t === 'revoke') payload = JSON.stringify({ ...m, s: null });
  // PostgreSQL folds identical payloads of one transaction into one notification
  await db.execute(sql`SELECT pg_notify(${CHANNEL_SQL}, ${payload})`);
}

/** The ledger moved money of these users (`null`: of many, in bulk): their streams and caches hear it. */
export async function notifyMovement(db: Runner, userIds: number[] | null, kind: LedgerKind): Promise<void> {
  await notifyUsers(db, userIds, groupsOfKind(kind));
}

/** Something of these users changed outside the ledger (a stake seen on chain): `groups` to read again. */
export async function notifyUsers(
  db: Runner,
  userIds: number[] | null,
  groups: StreamGroup[],
): Promise<void> {
  const u = userIds === null ? null : [...new Set(userIds)].sort((a, b) => a - b);
  if (u !== null && u.length === 0) return;
  await send(db, { t: 'user', u, g: groups });
}

/** Team statistics changed (a binding, a stake): every process drops its cached team figures. */
export async function notifyTeam(db: Runner): Promise<void> {
  await send(db, { t: 'team' });
}

/**
 * A public figure changed: a round opened, took a bet or closed (`detail.phase`), a price was
 * written, the FOMO pool moved.
 */
export async function notifyPublic(
  db: Runner,
  event: PublicEvent,
  detail?: Record<string, string>,
): Promise<void> {
  await send(db, detail ? { t: event, d: detail } : { t: event });
}

/**
 * Sessions of this user were revoked (logout, the sessions page, an operator): every process ends the
 * event streams opened with them, and drops them from its session cache.
 */
export async function notifyRevoked(db: Runner, userId: number, sessionHashes: string[]): Promise<void> {
  if (sessionHashes.length === 0) return;
  await send(db, { t: 'revoke', u: userId, s: [...sessionHashes].sort() });
}
