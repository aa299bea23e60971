// Referral tree as a closure table plus per-user team counters kept up to date incrementally,
// so team_info is a handful of primary-key lookups whatever the size of the team.
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, ts, wei } from './_columns.ts';
import { users } from './users.ts';

/** One row per (ancestor, descendant) pair, depth ≥ 1; `leg_id` = the ancestor's direct child on the path. */
export const teamPaths = pgTable(
  'team_paths',
  {
    ancestorId: integer('ancestor_id')
      .notNull()
      .references(() => users.id),
    descendantId: integer('descendant_id')
      .notNull()
      .references(() => users.id),
    depth: integer('depth').notNull(),
    legId: integer('leg_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.descendantId] }),
    index('team_paths_descendant_idx').on(t.descendantId, t.depth),
    index('team_paths_direct_idx').on(t.ancestorId, t.depth),
  ],
);

/** Aggregates of a user's own stakes and of their whole team (all descendants). */
export const teamStats = pgTable('team_stats', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  inviterId: integer('inviter_id'),
  boundAt: ts('bound_at'),
  directCount: integer('direct_count').notNull().default(0),
  teamCount: integer('team_count').notNull().default(0),
  validCount: integer('valid_count').notNull().default(0),
  marketMakers: integer('market_makers').notNull().default(0),
  /** sum of the team's active principal (own stakes excluded) */
  performance: wei('performance').notNull().default(sql`0`),
  ownPrincipal: wei('own_principal').notNull().default(sql`0`),
  ownAmount: wei('own_amount').notNull().default(sql`0`),
  activeStakes: integer('active_stakes').notNull().default(0),
  mmStakes: integer('mm_stakes').notNull().default(0),
  isValid: boolean('is_valid').notNull().default(false),
  isMarketMaker: boolean('is_market_maker').notNull().default(false),
  createdAt: createdAt(),
});

/** Performance of each direct leg (leg = a direct child and everything under it, child's own stake included). */
export const teamLegs = pgTable(
  'team_legs',
  {
    userId: integer('user_id').notNull(),
    legId: integer('leg_id').notNull(),
    performance: wei('performance').notNull().default(sql`0`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.legId] }),
    index('team_legs_perf_idx').on(t.userId, t.performance),
  ],
);

/** New members and newly valid members of a user's team per UTC day. */
export const teamDaily = pgTable(
  'team_daily',
  {
    userId: integer('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    newCount: integer('new_count').notNull().default(0),
    validCount: integer('valid_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** One-time nonces of the EIP-712 Inviter signatures handed out by stake_ref_address. */
export const inviterNonces = pgTable(
  'inviter_nonces',
  {
    /** uint256 as a decimal string */
    nonce: text('nonce').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    parents: text('parents').notNull(),
    deadline: ts('deadline').notNull(),
    usedAt: ts('used_at'),
    /** the signer's address (null before migration 0028): `signer:remove` waits for its deadline */
    signer: text('signer'),
    createdAt: createdAt(),
  },
  (t) => [index('inviter_nonces_user_idx').on(t.userId, t.createdAt)],
);
