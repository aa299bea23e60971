// Off-chain burns (ignition, balance-stake fees, chain-pool burns) and the on-chain burn
// transactions the burn job sends for them.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ts, wei } from './_columns.ts';
import { TX_OPEN } from './chain.ts';
import { users } from './users.ts';

/**
 * One `FreeToken.burn(amount)` transaction of the hot wallet, covering a batch of off-chain burns.
 * Its transaction is in the hot-wallet outbox (hot_wallet_txs, kind 'burn'), saved before it is sent.
 */
export const burnBatches = pgTable(
  'burn_batches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    freeAmount: wei('free_amount').notNull(),
    /**
     * signed → broadcast → confirmed; failed (reverted, or its nonce used by another transaction);
     * unresolved (its nonce was used, nothing proves by what: its burns stay in it)
     */
    state: text('state', { enum: [...TX_OPEN, 'confirmed', 'failed'] })
      .notNull()
      .default('signed'),
    failReason: text('fail_reason'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('burn_batches_state_idx').on(t.state, t.id),
    check('burn_batches_positive', sql`${t.freeAmount} > 0`),
  ],
);

/** FREE burned off chain: pending until the burn job's transaction for it is final on chain. */
export const productBurns = pgTable(
  'product_burns',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** ignition | stake_fee | pool_burn */
    type: text('type').notNull(),
    /** the user's level V{n} when burning */
    level: integer('level').notNull().default(0),
    freeAmount: wei('free_amount').notNull(),
    usdtAmount: wei('usdt_amount').notNull(),
    status: text('status', { enum: ['pending', 'confirmed'] })
      .notNull()
      .default('pending'),
    /** the burn transaction that covers it (set when signed; kept once confirmed) */
    batchId: bigint('batch_id', { mode: 'number' }).references(() => burnBatches.id),
    txHash: text('tx_hash'),
    ref: text('ref').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_burns_user_idx').on(t.userId, t.id),
    index('product_burns_open_idx').on(t.status, t.batchId),
  ],
);
