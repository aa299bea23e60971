// Proof of liabilities: each snapshot of every user's claims, its Merkle-sum tree (leaves with their
// salts, inner nodes) and its publication on chain through the hot-wallet outbox (kind 'liabilities').
// The scheme: packages/protocol/src/liabilities.ts and docs/proof-of-liabilities.md.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, ts, wei } from './_columns.ts';
import { TX_OPEN } from './chain.ts';
import { users } from './users.ts';

/**
 * stored (not sent: no chain, or waiting for an open publication) → signed → broadcast → published;
 * failed (reverted, or its nonce went to another transaction); unresolved (its nonce was used,
 * nothing proves by what)
 */
export const LIABILITY_SNAPSHOT_STATES = ['stored', ...TX_OPEN, 'published', 'failed'] as const;
export type LiabilitySnapshotState = (typeof LIABILITY_SNAPSHOT_STATES)[number];

/** One snapshot: its id is the id published on chain (strictly increasing). */
export const liabilitySnapshots = pgTable(
  'liability_snapshots',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    root: text('root').notNull(),
    usdt: wei('usdt').notNull(),
    free: wei('free').notNull(),
    /** leaves with the padding: a power of two */
    leafCount: integer('leaf_count').notNull(),
    /** users with a leaf */
    userCount: integer('user_count').notNull(),
    state: text('state', { enum: LIABILITY_SNAPSHOT_STATES }).notNull().default('stored'),
    /** the Liabilities contract it is (to be) published on */
    contract: text('contract'),
    txHash: text('tx_hash'),
    publishedAt: ts('published_at'),
    failReason: text('fail_reason'),
    /** the instant of the consistent read */
    takenAt: ts('taken_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('liability_snapshots_state_idx').on(t.state, t.id),
    check('liability_snapshots_not_negative', sql`${t.usdt} >= 0 AND ${t.free} >= 0 AND ${t.leafCount} >= 1`),
  ],
);

/** A user's leaf: kept with its salt so that every past snapshot's proof stays answerable. */
export const liabilityLeaves = pgTable(
  'liability_leaves',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' })
      .notNull()
      .references(() => liabilitySnapshots.id),
    idx: integer('idx').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    salt: text('salt').notNull(),
    userHash: text('user_hash').notNull(),
    usdt: wei('usdt').notNull(),
    free: wei('free').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.idx] }),
    unique('liability_leaves_user').on(t.snapshotId, t.userId),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The tree's inner nodes, one row per level ≥ 1 (level 0 is liability_leaves): `nodes` is the
 * level's nodes in index order, 96 bytes each (hash, usdt, free as abi.encode(bytes32, uint256,
 * uint256)), stored uncompressed so that a proof reads each sibling with substring() (migration 0029).
 */
export const liabilityLevels = pgTable(
  'liability_levels',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' })
      .notNull()
      .references(() => liabilitySnapshots.id),
    level: smallint('level').notNull(),
    nodes: bytea('nodes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.level] })],
);
