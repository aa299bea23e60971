// Chain mirror written by the indexer (cursor, processed logs, stakes, burns) and the hot wallet's
// nonce and outbox.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, ts, wei } from './_columns.ts';
import { users } from './users.ts';

/** Last block fully processed by an indexer, with its hash for reorg detection. */
export const chainCursors = pgTable('chain_cursors', {
  name: text('name').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * The chain this database mirrors: its genesis block and the deployment's addresses, recorded the
 * first time `npm start` runs on it, so a chain reset under a database that remembers the old one
 * is noticed (ops/chain-identity.ts) instead of its reused transaction hashes being skipped.
 */
export const chainIdentity = pgTable('chain_identity', {
  chainId: integer('chain_id').primaryKey(),
  genesisHash: text('genesis_hash').notNull(),
  /** contract name → lower-case address */
  addresses: jsonb('addresses').$type<Record<string, string>>().notNull(),
  createdAt: createdAt(),
});

/** Every log the indexer applied: `(tx_hash, log_index)` unique, so a log takes effect once. */
export const chainLogs = pgTable(
  'chain_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    address: text('address').notNull(),
    eventName: text('event_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('chain_logs_tx_log').on(t.txHash, t.logIndex),
    index('chain_logs_block_idx').on(t.blockNumber),
  ],
);

/** Mirror of Staking's stake records (orders page, team performance). */
export const chainStakes = pgTable(
  'chain_stakes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** lower-case address */
    userAddress: text('user_address').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** index of the record in Staking (per user) */
    stakeIndex: integer('stake_index').notNull(),
    /** cycle index 0, 1, 2 (7, 15, 30 days) */
    cycle: integer('cycle').notNull(),
    amount: wei('amount').notNull(),
    principal: wei('principal').notNull(),
    fee: wei('fee').notNull(),
    freeBurned: wei('free_burned').notNull(),
    ratePpm: integer('rate_ppm').notNull(),
    maxInterest: wei('max_interest').notNull(),
    /** redeemed: unstaked; renewed: closed by `renew` into the row whose parent_id is this one */
    status: text('status', { enum: ['active', 'redeemed', 'renewed'] })
      .notNull()
      .default('active'),
    interest: wei('interest'),
    /** 1 for a stake, one more per renewal (the contract's stakeRound) */
    round: integer('round').notNull().default(1),
    /** the user's choice that the app offers the renewal at maturity (docs/business-rules.md) */
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** the renewed record this one continues */
    parentId: bigint('parent_id', { mode: 'number' }),
    /** USDT that left for computing power when this record was renewed */
    contribution: wei('contribution'),
    stakedAt: ts('staked_at').notNull(),
    stakeTx: text('stake_tx').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    unstakedAt: ts('unstaked_at'),
    unstakeTx: text('unstake_tx'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('chain_stakes_user_index').on(t.userAddress, t.stakeIndex),
    index('chain_stakes_user_idx').on(t.userId, t.stakedAt),
  ],
);

/** FREE burned on chain (stake fees, Payment burns), seen by the indexer. */
export const burnRecords = pgTable(
  'burn_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userAddress: text('user_address'),
    userId: integer('user_id').references(() => users.id),
    /** stake_fee | payment */
    source: text('source').notNull(),
    /** stake index or Payment orderId */
    ref: text('ref'),
    freeAmount: wei('free_amount').notNull(),
    /** what was swapped into the burned FREE (USDT equivalent) */
    usdtAmount: wei('usdt_amount').notNull().default(sql`0`),
    status: text('status', { enum: ['pending', 'confirmed'] })
      .notNull()
      .default('confirmed'),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('burn_records_tx_log').on(t.txHash, t.logIndex),
    index('burn_records_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A Payment `Paid` log the indexer could not credit (no such order, or another payer, token or
 * receiver than the order's): kept for the operator instead of dropped. Written in the indexer's
 * transaction, once per log.
 */
export const unmatchedPayments = pgTable(
  'unmatched_payments',
  {
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    orderId: text('order_id').notNull(),
    payer: text('payer').notNull(),
    token: text('token').notNull(),
    toAddress: text('to_address').notNull(),
    amount: wei('amount').notNull(),
    burned: wei('burned').notNull(),
    executorReward: wei('executor_reward').notNull(),
    /** unknown_order | wrong_payer | wrong_token | wrong_recipient */
    reason: text('reason').notNull(),
    paidAt: ts('paid_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.txHash, t.logIndex] }),
    index('unmatched_payments_block_idx').on(t.blockNumber),
    check(
      'unmatched_payments_not_negative',
      sql`${t.amount} >= 0 AND ${t.burned} >= 0 AND ${t.executorReward} >= 0`,
    ),
  ],
);

/** Next nonce of each hot wallet (initialised from the chain's pending count); jobs/hot-wallet.ts owns it. */
export const hotWalletNonces = pgTable('hot_wallet_nonces', {
  address: text('address').primaryKey(),
  nextNonce: integer('next_nonce').notNull(),
  /** set by `hotwallet:drain`: no new transaction is signed with this wallet (jobs/hot-wallet-rotation.ts) */
  retiredAt: ts('retired_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** What a hot-wallet transaction is for: its owner moves that record when the transaction's fate is known. */
export const HOT_WALLET_TX_KINDS = ['withdrawal', 'burn', 'liabilities'] as const;
export type HotWalletTxKind = (typeof HOT_WALLET_TX_KINDS)[number];
/**
 * A transaction signed (and maybe sent) whose receipt is not seen yet: the chain may still mine it.
 * The outbox's states and those of the records it carries (burn batches, liabilities publications).
 */
export const TX_IN_FLIGHT = ['signed', 'broadcast'] as const;
/** Not final yet: in flight, or unresolved (its nonce used, by what not proven; checked again each pass). */
export const TX_OPEN = [...TX_IN_FLIGHT, 'unresolved'] as const;

/**
 * signed → broadcast → confirmed | reverted | replaced (another transaction used its nonce, with a
 * receipt); unresolved when its nonce was used and nothing proves by what (checked again each pass);
 * rejected: closed with its record by an operator's reject, on proof that no version was or can be
 * mined (jobs/hot-wallet.ts closeUnmined).
 */
export const HOT_WALLET_TX_STATES = [...TX_OPEN, 'confirmed', 'reverted', 'replaced', 'rejected'] as const;
export type HotWalletTxState = (typeof HOT_WALLET_TX_STATES)[number];

/**
 * The hot-wallet outbox: one row per nonce the wallet gave out, whatever the transaction does
 * (a withdrawal's payout, a burn batch). Signed and saved before it is sent, so a crash re-sends it
 * and never signs a second one for the same record; replaced, fee-bumped and re-sent by one set of
 * rules (jobs/hot-wallet.ts).
 */
export const hotWalletTxs = pgTable(
  'hot_wallet_txs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** lower-case address of the hot wallet */
    wallet: text('wallet').notNull(),
    nonce: integer('nonce').notNull(),
    kind: text('kind', { enum: HOT_WALLET_TX_KINDS }).notNull(),
    /** the withdrawal's, the burn batch's or the liabilities snapshot's id */
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
    state: text('state', { enum: HOT_WALLET_TX_STATES }).notNull().default('signed'),
    /** the current signed version (the last re-sign) and its hash */
    rawTx: text('raw_tx').notNull(),
    txHash: text('tx_hash').notNull(),
    /** the last send error or the reason it is unresolved, replaced or reverted */
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('hot_wallet_txs_nonce_unique').on(t.wallet, t.nonce),
    unique('hot_wallet_txs_ref_unique').on(t.kind, t.refId),
    index('hot_wallet_txs_open_idx').on(t.wallet, t.state, t.nonce),
  ],
);

/**
 * Every signed version of an outbox transaction: the first and each re-sign with the same nonce and
 * a higher fee. Saved before it is sent, so whichever of them the chain mines is recognised.
 */
export const hotWalletTxVersions = pgTable(
  'hot_wallet_tx_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    outboxId: bigint('outbox_id', { mode: 'number' })
      .notNull()
      .references(() => hotWalletTxs.id),
    txHash: text('tx_hash').notNull().unique(),
    rawTx: text('raw_tx').notNull(),
    maxFeePerGas: wei('max_fee_per_gas').notNull(),
    maxPriorityFeePerGas: wei('max_priority_fee_per_gas').notNull(),
    /** chain head when it was signed: how long it has waited */
    signedAtBlock: bigint('signed_at_block', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('hot_wallet_tx_versions_outbox_idx').on(t.outboxId, t.id)],
);
