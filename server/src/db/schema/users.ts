// Users, sign-in nonces and sessions.
import { type AnyPgColumn, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './_columns.ts';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** lower-case 0x address */
    address: text('address').notNull().unique(),
    inviterId: integer('inviter_id').references((): AnyPgColumn => users.id),
    ignited: boolean('ignited').notNull().default(false),
    ignitedAt: ts('ignited_at'),
    createdAt: createdAt(),
    lastLoginAt: ts('last_login_at'),
  },
  (t) => [index('users_inviter_idx').on(t.inviterId)],
);

export const nonces = pgTable(
  'nonces',
  {
    nonce: text('nonce').primaryKey(),
    /** lower-case address the nonce was issued to */
    address: text('address').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('nonces_expires_idx').on(t.expiresAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** hex sha256 of the bearer token; the token itself is never stored */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** what the user sees and revokes a session by (the token hash is never shown) */
    id: integer('id').notNull().unique().generatedAlwaysAsIdentity(),
    /** absolute end of life; the idle limit may end it earlier */
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
    /** renewed on use (at most once a minute); idle past the setting, the session ends */
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    /** the browser's User-Agent at sign-in, shortened, so the user can tell devices apart */
    device: text('device'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * One-use tickets that open a signed-in event stream (GET /api/stream): a browser's EventSource
 * cannot send the bearer token, and the token itself must never travel in a URL (logs keep URLs).
 * A ticket is useless once used or after STREAM_TICKET_MS.
 */
export const streamTickets = pgTable(
  'stream_tickets',
  {
    /** hex sha256 of the ticket; the ticket itself is never stored */
    ticketHash: text('ticket_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** the session that asked for it: a stream never outlives a revoked session's ticket */
    sessionHash: text('session_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('stream_tickets_expires_idx').on(t.expiresAt)],
);
