// Chain indexer: reads Staking and Payment logs of finalized blocks only, and applies each log once
// (unique tx_hash + log_index) in the same DB transaction as the cursor advance.
import { paymentAbi, stakingAbi } from '@free/protocol/abi/index';
import { sql } from 'drizzle-orm';
import {
  type Address,
  BlockNotFoundError,
  type Hex,
  type Log,
  type PublicClient,
  parseEventLogs,
} from 'viem';
import type { DbHandle, Tx } from '../db/client.ts';
import { applyStakeChange, bindInviter, loadTeamRules, rows, TeamError } from '../services/team.ts';
import type { TeamRules } from '../services/team-rules.ts';
import { recordUnmatchedPayment } from '../services/unmatched-payments.ts';

export type PaidEvent = {
  orderId: Hex;
  payer: Address;
  token: Address;
  to: Address;
  /** what arrived in Payment */
  amount: bigint;
  /** part of `amount` swapped into FREE and burned */
  burned: bigint;
  /** part of `amount` returned to the payer; the treasury got amount - burned - executorReward */
  executorReward: bigint;
  txHash: Hex;
  logIndex: number;
  blockNumber: bigint;
  at: Date;
};

/** What the indexer needs to know of a credit: a refused payment (other than a repeat) is kept. */
export type PaidOutcome = { credited: true } | { credited: false; reason: string };

export type IndexerLogger = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

export type IndexerOptions = {
  db: DbHandle;
  client: PublicClient;
  contracts: { staking: Address; payment: Address };
  /** first block worth reading (the deployment's startBlock) */
  startBlock: number;
  /** only blocks at least this many blocks below the head are read */
  finalityDepth: number;
  /**
   * Credits a paid recharge order; must be idempotent by orderId (runs inside the indexer's tx). A
   * refusal other than 'already_paid' is recorded as an unmatched payment in the same transaction.
   */
  onPaid: (tx: Tx, event: PaidEvent) => Promise<PaidOutcome>;
  /** cursor row name (one per chain/deployment) */
  name?: string;
  /** most blocks read by one getLogs call */
  batchBlocks?: number;
  /** how far to rewind when the cursor block's hash no longer matches the chain */
  reorgRewind?: number;
  log?: IndexerLogger;
};

export type IndexStep = { from: number; to: number; logs: number; applied: number; rewound?: number } | null;

const silent: IndexerLogger = { info: () => {}, warn: () => {}, error: () => {} };
const ABI = [...stakingAbi, ...paymentAbi];
const WATCHED = new Set(['Staked', 'Unstaked', 'InviterBound', 'Paid', 'BurnPayment']);

type Cursor = { block_number: string | number; block_hash: string | null };

async function readCursor(
  db: DbHandle['db'],
  name: string,
): Promise<{ block: number; hash: string | null } | null> {
  const [c] = await rows<Cursor>(
    db,
    sql`SELECT block_number, block_hash FROM chain_cursors WHERE name = ${name}`,
  );
  return c ? { block: Number(c.block_number), hash: c.block_hash } : null;
}

/** Returns the user id for an address, creating the account when the chain saw it first. */
export async function userIdFor(tx: Tx, address: string): Promise<number> {
  const a = address.toLowerCase();
  await tx.execute(sql`INSERT INTO users (address) VALUES (${a}) ON CONFLICT (address) DO NOTHING`);
  const [u] = await rows<{ id: number }>(tx, sql`SELECT id FROM users WHERE address = ${a}`);
  if (!u) throw new Error(`user ${a} not found after insert`);
  return u.id;
}

/**
 * Runs one indexing step: at most `batchBlocks` finalized blocks past the cursor. Returns null
 * when there was nothing new to read.
 */
export async function indexOnce(o: IndexerOptions): Promise<IndexStep> {
  const name = o.name ?? 'main';
  const log = o.log ?? silent;
  const batch = BigInt(o.batchBlocks ?? 1000);
  const cursor = await readCursor(o.db.db, name);
  const start = cursor ? cursor.block : o.startBlock - 1;

  // A reorg deeper than the finality depth changed the cursor block: rewind and re-read. Effects are
  // keyed by what they are (order id, stake index, log position), so re-reading credits nothing twice.
  if (cursor?.hash) {
    // Only "no such block" means the chain changed; any other RPC error is just retried later.
    const block = await o.client.getBlock({ blockNumber: BigInt(cursor.block) }).catch((err: unknown) => {
      if (err instanceof BlockNotFoundError) return null;
      throw err;
    });
    if (!block || block.hash !== cursor.hash) {
      const back = Math.max(o.startBlock - 1, cursor.block - (o.reorgRewind ?? 64));
      await o.db.db.execute(
        sql`UPDATE chain_cursors SET block_number = ${back}, block_hash = NULL, updated_at = now() WHERE name = ${name} AND block_number = ${cursor.block}`,
      );
      log.warn(
        { name, cursor: cursor.block, rewoundTo: back },
        'indexer: cursor block hash changed (deep reorg); rewinding',
      );
      return { from: back, to: back, logs: 0, applied: 0, rewound: cursor.block - back };
    }
  }

  const head = await o.client.getBlockNumber({ cacheTime: 0 });
  const safe = head - BigInt(o.finalityDepth);
  const from = BigInt(start + 1);
  if (safe < from) return null;
  const to = safe < from + batch - 1n ? safe : from + batch - 1n;

  const raw = await o.client.getLogs({
    address: [o.contracts.staking, o.contracts.payment],
    fromBlock: from,
    toBlock: to,
  });
  const logs = parseEventLogs({ abi: ABI, logs: raw as Log[], strict: true }).filter((l) =>
    WATCHED.has(l.eventName),
  );
  logs.sort((a, b) => Number(a.blockNumber - b.blockNumber) || a.logIndex - b.logIndex);
  const toBlock = await o.client.getBlock({ blockNumber: to });
  const times = new Map<bigint, Date>();
  for (const l of logs) {
    if (!times.has(l.blockNumber)) {
      const b = await o.client.getBlock({ blockNumber: l.blockNumber });
      times.set(l.blockNumber, new Date(Number(b.timestamp) * 1000));
    }
  }

  const applied = await o.db
    .transaction(async (tx) => {
      const rules = await loadTeamRules(tx);
      // The cursor row is the guard: a second indexer that got here too sees it moved and writes nothing.
      const moved = await rows(
        tx,
        cursor
          ? sql`UPDATE chain_cursors SET block_number = ${Number(to)}, block_hash = ${toBlock.hash}, updated_at = now()
              WHERE name = ${name} AND block_number = ${cursor.block} RETURNING name`
          : sql`INSERT INTO chain_cursors (name, block_number, block_hash) VALUES (${name}, ${Number(to)}, ${toBlock.hash})
              ON CONFLICT (name) DO NOTHING RETURNING name`,
      );
      if (moved.length === 0) throw new CursorMoved();
      const payers = new Map<string, string>();
      for (const l of logs) if (l.eventName === 'Paid') payers.set(l.transactionHash, l.args.payer);
      let count = 0;
      for (const l of logs) {
        const fresh = await rows(
          tx,
          sql`INSERT INTO chain_logs (tx_hash, log_index, block_number, block_hash, address, event_name)
            VALUES (${l.transactionHash}, ${l.logIndex}, ${Number(l.blockNumber)}, ${l.blockHash}, ${l.address.toLowerCase()}, ${l.eventName})
            ON CONFLICT (tx_hash, log_index) DO NOTHING RETURNING id`,
        );
        if (fresh.length === 0) continue;
        count++;
        await applyLog(tx, l as AnyLog, times.get(l.blockNumber) ?? new Date(), rules, payers, o, log);
      }
      return count;
    })
    .catch((err) => {
      if (err instanceof CursorMoved) return -1;
      throw err;
    });
  if (applied < 0) return null;
  if (logs.length > 0)
    log.info(
      { name, from: Number(from), to: Number(to), logs: logs.length, applied },
      'indexer: applied logs',
    );
  return { from: Number(from), to: Number(to), logs: logs.length, applied };
}

class CursorMoved extends Error {}

type Base = { transactionHash: Hex; logIndex: number; blockNumber: bigint; address: Address };
type AnyLog = Base &
  (
    | {
        eventName: 'Staked';
        args: {
          user: Address;
          index: bigint;
          stakeIndex: number;
          amount: bigint;
          principal: bigint;
          fee: bigint;
          freeBurned: bigint;
          ratePpm: number;
          maxInterest: bigint;
        };
      }
    | { eventName: 'Unstaked'; args: { user: Address; index: bigint; principal: bigint; interest: bigint } }
    | {
        eventName: 'InviterBound';
        args: { user: Address; inviter: Address; parents: readonly Address[]; nonce: bigint };
      }
    | {
        eventName: 'Paid';
        args: {
          orderId: Hex;
          payer: Address;
          token: Address;
          to: Address;
          amount: bigint;
          burned: bigint;
          executorReward: bigint;
        };
      }
    | { eventName: 'BurnPayment'; args: { orderId: Hex; tokenIn: bigint; freeBurned: bigint } }
  );

async function applyLog(
  tx: Tx,
  l: AnyLog,
  at: Date,
  rules: TeamRules,
  payers: Map<string, string>,
  o: IndexerOptions,
  log: IndexerLogger,
): Promise<void> {
  switch (l.eventName) {
    case 'Staked': {
      const a = l.args;
      const userId = await userIdFor(tx, a.user);
      const inserted = await rows(
        tx,
        sql`INSERT INTO chain_stakes (user_address, user_id, stake_index, cycle, amount, principal, fee, free_burned, rate_ppm,
              max_interest, staked_at, stake_tx, block_number)
            VALUES (${a.user.toLowerCase()}, ${userId}, ${Number(a.index)}, ${Number(a.stakeIndex)}, ${a.amount.toString()},
              ${a.principal.toString()}, ${a.fee.toString()}, ${a.freeBurned.toString()}, ${Number(a.ratePpm)},
              ${a.maxInterest.toString()}, ${at.toISOString()}, ${l.transactionHash}, ${Number(l.blockNumber)})
            ON CONFLICT (user_address, stake_index) DO NOTHING RETURNING id`,
      );
      if (inserted.length > 0) {
        await applyStakeChange(
          tx,
          {
            userId,
            principalDelta: a.principal,
            amountDelta: a.amount,
            activeDelta: 1,
            cycle: Number(a.stakeIndex),
            at,
          },
          rules,
        );
      }
      if (a.freeBurned > 0n) {
        await insertBurn(tx, {
          userId,
          address: a.user,
          source: 'stake_fee',
          ref: a.index.toString(),
          free: a.freeBurned,
          usdt: a.fee,
          l,
        });
      }
      return;
    }
    case 'Unstaked': {
      const a = l.args;
      const closed = await rows<{ user_id: number; amount: string; principal: string; cycle: number }>(
        tx,
        sql`UPDATE chain_stakes SET status = 'redeemed', interest = ${a.interest.toString()}, unstaked_at = ${at.toISOString()},
              unstake_tx = ${l.transactionHash}
            WHERE user_address = ${a.user.toLowerCase()} AND stake_index = ${Number(a.index)} AND status = 'active'
            RETURNING user_id, amount::text, principal::text, cycle`,
      );
      const s = closed[0];
      if (s) {
        await applyStakeChange(
          tx,
          {
            userId: s.user_id,
            principalDelta: -BigInt(s.principal),
            amountDelta: -BigInt(s.amount),
            activeDelta: -1,
            cycle: s.cycle,
            at,
          },
          rules,
        );
      } else {
        log.warn(
          { user: a.user, index: Number(a.index), tx: l.transactionHash },
          'indexer: Unstaked for an unknown stake',
        );
      }
      return;
    }
    case 'InviterBound': {
      const a = l.args;
      const userId = await userIdFor(tx, a.user);
      const inviterId = await userIdFor(tx, a.inviter);
      await tx.execute(
        sql`UPDATE inviter_nonces SET used_at = ${at.toISOString()} WHERE nonce = ${a.nonce.toString()} AND used_at IS NULL`,
      );
      try {
        // A savepoint, so that a refused binding leaves the rest of the block's effects intact.
        await tx.transaction(async (sp) => {
          await bindInviter(sp, userId, inviterId, at);
        });
      } catch (err) {
        if (!(err instanceof TeamError)) throw err;
        log.warn(
          { user: a.user, inviter: a.inviter, reason: err.reason },
          'indexer: on-chain inviter not bound off chain',
        );
      }
      return;
    }
    case 'Paid': {
      const a = l.args;
      const paid: PaidEvent = {
        orderId: a.orderId,
        payer: a.payer,
        token: a.token,
        to: a.to,
        amount: a.amount,
        burned: a.burned,
        executorReward: a.executorReward,
        txHash: l.transactionHash,
        logIndex: l.logIndex,
        blockNumber: l.blockNumber,
        at,
      };
      const outcome = await o.onPaid(tx, paid);
      // A repeat of a paid order credits nothing and loses nothing; any other refusal is money that
      // reached the platform without an order to credit: kept for the operator.
      if (!outcome.credited && outcome.reason !== 'already_paid') {
        await recordUnmatchedPayment(tx, { ...paid, reason: outcome.reason, paidAt: at });
        log.warn(
          { orderId: a.orderId, payer: a.payer, tx: l.transactionHash, reason: outcome.reason },
          'indexer: payment not credited; recorded as unmatched',
        );
      }
      return;
    }
    case 'BurnPayment': {
      const a = l.args;
      if (a.freeBurned === 0n) return;
      const payer = payers.get(l.transactionHash);
      let userId: number | null = null;
      if (payer) userId = await userIdFor(tx, payer);
      else {
        const [r] = await rows<{ user_id: number }>(
          tx,
          sql`SELECT user_id FROM recharge_orders WHERE order_id = ${a.orderId.toLowerCase()}`,
        );
        userId = r?.user_id ?? null;
      }
      await insertBurn(tx, {
        userId,
        address: payer ?? null,
        source: 'payment',
        ref: a.orderId,
        free: a.freeBurned,
        usdt: a.tokenIn,
        l,
      });
      return;
    }
  }
}

async function insertBurn(
  tx: Tx,
  b: {
    userId: number | null;
    address: string | null;
    source: string;
    ref: string;
    free: bigint;
    usdt: bigint;
    l: Base;
  },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO burn_records (user_address, user_id, source, ref, free_amount, usdt_amount, status, tx_hash, log_index, block_number)
    VALUES (${b.address?.toLowerCase() ?? null}, ${b.userId}, ${b.source}, ${b.ref}, ${b.free.toString()}, ${b.usdt.toString()},
      'confirmed', ${b.l.transactionHash}, ${b.l.logIndex}, ${Number(b.l.blockNumber)})
    ON CONFLICT (tx_hash, log_index) DO NOTHING`);
}

/** Reads until caught up (several steps when far behind). */
export async function indexUntilCaughtUp(o: IndexerOptions, maxSteps = 1000): Promise<number> {
  let applied = 0;
  for (let i = 0; i < maxSteps; i++) {
    const step = await indexOnce(o);
    if (!step) break;
    applied += step.applied;
  }
  return applied;
}
