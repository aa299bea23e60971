// Double-entry ledger: append-only entries, cached balances, HTTP idempotency keys.
import type { LedgerKind } from '@free/protocol/api/ledger-kinds';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { assetColumn, createdAt, wei } from './_columns.ts';
import { users } from './users.ts';

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** idempotency key of the transfer; exactly one debit and one credit row carry it */
    txKey: text('tx_key').notNull(),
    side: text('side', { enum: ['debit', 'credit'] }).notNull(),
    /** null for system accounts */
    userId: integer('user_id').references(() => users.id),
    /** user account (wallet, airdrop, pool, asset, onchain) or `system:<name>` */
    account: text('account').notNull(),
    asset: assetColumn().notNull(),
    /** signed wei: negative on the debit side, positive on the credit side */
    amount: wei('amount').notNull(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    ref: text('ref'),
    createdAt: createdAt(),
    /**
     * The entry's place in its user's history: 1, 2, 3… with no gap, in id order (ledger_seqs
     * holds the last one given). Null on system rows. Page N of the history is a range of it.
     */
    seq: bigint('seq', { mode: 'number' }),
  },
  (t) => [
    unique('ledger_entries_tx_side').on(t.txKey, t.side),
    // flow records: page N as a seq range, keyset pages by id, filtered lists
    uniqueIndex('ledger_entries_user_seq').on(t.userId, t.seq).where(sql`${t.seq} IS NOT NULL`),
    index('ledger_entries_user_id_idx').on(t.userId, t.id),
    index('ledger_entries_kind_idx').on(t.userId, t.kind, t.createdAt),
  ],
);

/** Per user: the last `seq` given to one of their ledger entries (locked while a movement books). */
export const ledgerSeqs = pgTable('ledger_seqs', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  last: bigint('last', { mode: 'number' }).notNull(),
});

export const balances = pgTable(
  'balances',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id),
    account: text('account').notNull(),
    asset: assetColumn().notNull(),
    amount: wei('amount').notNull().default(sql`0`),
    /** only system accounts facing the outside world (e.g. system:recharge) may go below zero */
    allowNegative: boolean('allow_negative').notNull().default(false),
  },
  (t) => [
    unique('balances_owner_account_asset').on(t.userId, t.account, t.asset).nullsNotDistinct(),
    check('balances_non_negative', sql`${t.amount} >= 0 OR ${t.allowNegative}`),
  ],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    route: text('route').notNull(),
    /** sha256 of the request content; the same key with other content is a conflict */
    requestHash: text('request_hash').notNull(),
    /**
     * the answer's JSON text as the caller got it (the route's serialization of the envelope), given
     * back unchanged to a retry; null for a key of a command run outside HTTP
     */
    answer: text('answer'),
    createdAt: createdAt(),
  },
  // the idempotency-keys job deletes the oldest first (services/idempotency.ts)
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
