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
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
