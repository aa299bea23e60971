// Chain indexer: reads Staking and Payment logs of finalized blocks only, and applies each log once
// (unique tx_hash + log_index) in the same DB transaction as the cursor advance.
import { paymentAbi, stakingAbi } from '@free/protocol/abi/index';
import { sql } from 'drizzle-orm';
import {
  type Address,
  BlockNotFoundError,
  type Hex,
  LimitExceededRpcError,
  type Log,
  type PublicClient,
  parseEventLogs,
  ResponseBodyTooLargeError,
} from 'viem';
import { type DbHandle, rows, type Tx } from '../db/client.ts';
import { type Logger, noopLog } from '../lib/logger.ts';
import { notifyPublic, notifyUsers } from '../services/events.ts';
import { grantComputePower } from '../services/hashrate.ts';
import { getSettings } from '../services/settings.ts';
import {
  applyStakeChange,
  applyStakeChanges,
  bindInviter,
  loadTeamRules,
  TeamError,
} from '../services/team.ts';
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
  log?: Logger;
};

export type IndexStep = { from: number; to: number; logs: number; applied: number; rewound?: number } | null;

const ABI = [...stakingAbi, ...paymentAbi];
const WATCHED = new Set(['Staked', 'Unstaked', 'Renewed', 'InviterBound', 'Paid', 'BurnPayment']);

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
  const log = o.log ?? noopLog;
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
  const span = BigInt(Math.min(Number(batch), spans.get(name) ?? Number(batch)));
  const wanted = safe < from + span - 1n ? safe : from + span - 1n;
  const { logs: raw, to } = await readLogs(o, name, from, wanted);
  const logs = parseEventLogs({ abi: ABI, logs: raw, strict: true }).filter((l) => WATCHED.has(l.eventName));
  logs.sort((a, b) => Number(a.blockNumber - b.blockNumber) || a.logIndex - b.logIndex);
  // the blocks' times, asked side by side
  const blockNumbers = [...new Set(logs.map((l) => l.blockNumber))];
  const [toBlock, ...blocks] = await Promise.all([
    o.client.getBlock({ blockNumber: to }),
    ...blockNumbers.map((blockNumber) => o.client.getBlock({ blockNumber })),
  ]);
  const times = new Map<bigint, Date>(
    blocks.map((b, i) => [blockNumbers[i] as bigint, new Date(Number(b.timestamp) * 1000)]),
  );

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
      for (let i = 0; i < logs.length; ) {
        // a run of Staked logs (the bulk of any busy range) is applied in a few statements
        let j = i;
        while (j < logs.length && logs[j]?.eventName === 'Staked') j++;
        if (j > i) {
          count += await applyStakedRun(tx, logs.slice(i, j) as StakedLog[], times, rules);
          i = j;
          continue;
        }
        const l = logs[i++] as AnyLog & { blockHash: Hex };
        const fresh = await rows(
          tx,
          sql`INSERT INTO chain_logs (tx_hash, log_index, block_number, block_hash, address, event_name)
            VALUES (${l.transactionHash}, ${l.logIndex}, ${Number(l.blockNumber)}, ${l.blockHash}, ${l.address.toLowerCase()}, ${l.eventName})
            ON CONFLICT (tx_hash, log_index) DO NOTHING RETURNING id`,
        );
        if (fresh.length === 0) continue;
        count++;
        await applyLog(tx, l, times.get(l.blockNumber) ?? new Date(), rules, payers, o, log);
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

/** Per cursor: the block span to ask for next (see readLogs). */
const spans = new Map<string, number>();
/** Logs one getLogs call should bring at most: providers refuse about 10,000, or 10 MB. */
const LOGS_PER_CALL = 5_000;

/** What providers answer when a getLogs range holds too many logs (or too many bytes). */
function tooManyLogs(err: unknown): boolean {
  if (err instanceof ResponseBodyTooLargeError || err instanceof LimitExceededRpcError) return true;
  const text = err instanceof Error ? `${err.message} ${(err as { details?: string }).details ?? ''}` : '';
  return /more than \d+ results|too many (logs|results)|response size|block range/i.test(text);
}

/**
 * The logs of [from, to], or of a shorter range from `from` when the provider refuses that many:
 * the span is cut until it answers (one block that is still too large is an error). The next
 * step asks for the span that should hold about LOGS_PER_CALL logs at the density just seen (at
 * most twice this one, at most `batchBlocks`), so a busy range is not asked for too much again.
 */
async function readLogs(
  o: IndexerOptions,
  name: string,
  from: bigint,
  wanted: bigint,
): Promise<{ logs: Log[]; to: bigint }> {
  let to = wanted;
  for (;;) {
    try {
      const logs = await o.client.getLogs({
        address: [o.contracts.staking, o.contracts.payment],
        fromBlock: from,
        toBlock: to,
      });
      const answered = Number(to - from) + 1;
      const next = logs.length === 0 ? answered * 2 : Math.floor((answered * LOGS_PER_CALL) / logs.length);
      spans.set(name, Math.max(1, Math.min(answered * 2, next)));
      return { logs: logs as Log[], to };
    } catch (err) {
      if (!tooManyLogs(err) || to === from) throw err;
      // a body over the client's size limit says how much too large it was: aim under it at once
      const span = to - from + 1n;
      const shorter =
        err instanceof ResponseBodyTooLargeError && err.size > err.maxSize
          ? (span * BigInt(err.maxSize) * 8n) / (BigInt(err.size) * 10n)
          : span / 2n;
      to = from + (shorter > 1n ? shorter : 1n) - 1n;
    }
  }
}

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
        eventName: 'Renewed';
        args: {
          user: Address;
          oldIndex: bigint;
          newIndex: bigint;
          stakeIndex: number;
          principal: bigint;
          interest: bigint;
          contribution: bigint;
          ratePpm: number;
          maxInterest: bigint;
          round: number;
        };
      }
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

type StakedLog = Extract<AnyLog, { eventName: 'Staked' }> & { blockHash: Hex };

/** A Postgres array literal: one parameter whatever the number of values. */
const arr = (values: readonly (string | number | bigint)[]) =>
  `{${values.map((v) => (typeof v === 'string' ? `"${v}"` : String(v))).join(',')}}`;

/**
 * Consecutive Staked logs, with the effects applyLog gives each of them one by one: the log
 * claimed once (chain_logs), the staker's account, the chain_stakes row, the team figures of a
 * stake not seen before (applyStakeChanges, in log order) and the fee's FREE burn; in a fixed
 * number of statements. Returns how many logs were new.
 */
async function applyStakedRun(
  tx: Tx,
  run: StakedLog[],
  times: Map<bigint, Date>,
  rules: TeamRules,
): Promise<number> {
  const claimed = await rows<{ tx_hash: string; log_index: number }>(
    tx,
    sql`INSERT INTO chain_logs (tx_hash, log_index, block_number, block_hash, address, event_name)
      SELECT * FROM unnest(${arr(run.map((l) => l.transactionHash))}::text[], ${arr(run.map((l) => l.logIndex))}::int[],
        ${arr(run.map((l) => l.blockNumber))}::bigint[], ${arr(run.map((l) => l.blockHash))}::text[],
        ${arr(run.map((l) => l.address.toLowerCase()))}::text[], ${arr(run.map((l) => l.eventName))}::text[])
      ON CONFLICT (tx_hash, log_index) DO NOTHING RETURNING tx_hash, log_index`,
  );
  const isNew = new Set(claimed.map((c) => `${c.tx_hash}:${c.log_index}`));
  const fresh = run.filter((l) => isNew.has(`${l.transactionHash}:${l.logIndex}`));
  if (fresh.length === 0) return 0;

  // the stakers' accounts, created in order of first appearance (as one by one would)
  const addresses = [...new Set(fresh.map((l) => l.args.user.toLowerCase()))];
  await tx.execute(
    sql`INSERT INTO users (address) SELECT unnest(${arr(addresses)}::text[]) ON CONFLICT (address) DO NOTHING`,
  );
  const ids = new Map(
    (
      await rows<{ id: number; address: string }>(
        tx,
        sql`SELECT id, address FROM users WHERE address = ANY(${arr(addresses)}::text[])`,
      )
    ).map((u) => [u.address, Number(u.id)]),
  );
  const userOf = (l: StakedLog) => {
    const id = ids.get(l.args.user.toLowerCase());
    if (id === undefined) throw new Error(`user ${l.args.user} not found after insert`);
    return id;
  };
  const at = (l: StakedLog) => times.get(l.blockNumber) ?? new Date();
  const col = <T extends string | number | bigint>(f: (l: StakedLog) => T) => arr(fresh.map(f));
  const inserted = await rows<{ user_address: string; stake_index: number }>(
    tx,
    sql`INSERT INTO chain_stakes (user_address, user_id, stake_index, cycle, amount, principal, fee, free_burned, rate_ppm,
        max_interest, staked_at, stake_tx, block_number)
      SELECT * FROM unnest(${col((l) => l.args.user.toLowerCase())}::text[], ${col(userOf)}::int[],
        ${col((l) => l.args.index)}::int[], ${col((l) => l.args.stakeIndex)}::int[], ${col((l) => l.args.amount)}::numeric[],
        ${col((l) => l.args.principal)}::numeric[], ${col((l) => l.args.fee)}::numeric[],
        ${col((l) => l.args.freeBurned)}::numeric[], ${col((l) => l.args.ratePpm)}::int[],
        ${col((l) => l.args.maxInterest)}::numeric[], ${col((l) => at(l).toISOString())}::timestamptz[],
        ${col((l) => l.transactionHash)}::text[], ${col((l) => l.blockNumber)}::bigint[])
      ON CONFLICT (user_address, stake_index) DO NOTHING RETURNING user_address, stake_index`,
  );
  const newStake = new Set(inserted.map((r) => `${r.user_address}:${r.stake_index}`));
  if (inserted.length > 0) {
    // a stake on chain counts for the FOMO pool and shows in the user's staking records
    await notifyPublic(tx, 'fomo');
    await notifyUsers(tx, [...new Set(fresh.map(userOf))], ['orders']);
  }
  await applyStakeChanges(
    tx,
    fresh
      .filter((l) => newStake.has(`${l.args.user.toLowerCase()}:${Number(l.args.index)}`))
      .map((l) => ({
        userId: userOf(l),
        principalDelta: l.args.principal,
        amountDelta: l.args.amount,
        activeDelta: 1,
        cycle: Number(l.args.stakeIndex),
        at: at(l),
      })),
    rules,
  );
  const burns = fresh.filter((l) => l.args.freeBurned > 0n);
  if (burns.length > 0) {
    const b = <T extends string | number | bigint>(f: (l: StakedLog) => T) => arr(burns.map(f));
    await tx.execute(sql`
      INSERT INTO burn_records (user_address, user_id, source, ref, free_amount, usdt_amount, status, tx_hash, log_index, block_number)
      SELECT u.address, u.user_id, 'stake_fee', u.ref, u.free, u.usdt, 'confirmed', u.tx_hash, u.log_index, u.block_number
      FROM unnest(${b((l) => l.args.user.toLowerCase())}::text[], ${b(userOf)}::int[], ${b((l) => l.args.index.toString())}::text[],
        ${b((l) => l.args.freeBurned)}::numeric[], ${b((l) => l.args.fee)}::numeric[], ${b((l) => l.transactionHash)}::text[],
        ${b((l) => l.logIndex)}::int[], ${b((l) => l.blockNumber)}::bigint[])
        AS u(address, user_id, ref, free, usdt, tx_hash, log_index, block_number)
      ON CONFLICT (tx_hash, log_index) DO NOTHING`);
  }
  return fresh.length;
}

async function applyLog(
  tx: Tx,
  l: AnyLog,
  at: Date,
  rules: TeamRules,
  payers: Map<string, string>,
  o: IndexerOptions,
  log: Logger,
): Promise<void> {
  switch (l.eventName) {
    // Staked logs never come here: every run of them goes to applyStakedRun
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
    case 'Renewed':
      await applyRenewed(tx, l.args, l, at, rules, log);
      return;
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

/**
 * A renewal: the old row closes as renewed (its interest went into the new principal), the new
 * record becomes a row of its own (round, cycle and rate from the event; due time from the
 * contract's cycle days, as every on-chain stake), keeping the old row's auto-renew choice; the
 * team figures follow the principal's change; a computing-power contribution grants hashrate as a
 * balance renewal does.
 */
async function applyRenewed(
  tx: Tx,
  a: Extract<AnyLog, { eventName: 'Renewed' }>['args'],
  l: Base,
  at: Date,
  rules: TeamRules,
  log: Logger,
): Promise<void> {
  const address = a.user.toLowerCase();
  const [old] = await rows<{
    id: number;
    user_id: number;
    principal: string;
    auto_renew: boolean;
    cycle: number;
  }>(
    tx,
    sql`UPDATE chain_stakes SET status = 'renewed', interest = ${a.interest.toString()},
          contribution = ${a.contribution.toString()}, unstaked_at = ${at.toISOString()}, unstake_tx = ${l.transactionHash}
        WHERE user_address = ${address} AND stake_index = ${Number(a.oldIndex)} AND status = 'active'
        RETURNING id, user_id, principal::text, auto_renew, cycle`,
  );
  if (!old) {
    log.warn(
      { user: a.user, index: Number(a.oldIndex), tx: l.transactionHash },
      'indexer: Renewed for an unknown stake',
    );
    return;
  }
  const inserted = await rows(
    tx,
    sql`INSERT INTO chain_stakes (user_address, user_id, stake_index, cycle, amount, principal, fee, free_burned, rate_ppm,
          max_interest, staked_at, stake_tx, block_number, round, auto_renew, parent_id)
        VALUES (${address}, ${old.user_id}, ${Number(a.newIndex)}, ${Number(a.stakeIndex)}, ${a.principal.toString()},
          ${a.principal.toString()}, 0, 0, ${Number(a.ratePpm)}, ${a.maxInterest.toString()}, ${at.toISOString()},
          ${l.transactionHash}, ${Number(l.blockNumber)}, ${Number(a.round)}, ${old.auto_renew}, ${old.id})
        ON CONFLICT (user_address, stake_index) DO NOTHING RETURNING id`,
  );
  if (inserted.length === 0) return;
  // the owner's order list changes: the old order renewed, a new one active
  await notifyUsers(tx, [old.user_id], ['orders']);
  const delta = a.principal - BigInt(old.principal);
  // the active stake moves from the old record's cycle to the new one's (market-maker status
  // follows the cycle); the new one counts first, so a user who stays valid never reads as having
  // become valid again
  await applyStakeChanges(
    tx,
    [
      {
        userId: old.user_id,
        principalDelta: delta,
        amountDelta: delta,
        activeDelta: 1,
        cycle: Number(a.stakeIndex),
        at,
      },
      { userId: old.user_id, principalDelta: 0n, amountDelta: 0n, activeDelta: -1, cycle: old.cycle, at },
    ],
    rules,
  );
  if (a.contribution > 0n) {
    const money = (await getSettings(tx)).product_money;
    await grantComputePower(
      tx,
      sql`SELECT ${old.user_id}::int AS user_id, ${`C${old.id}`}::text AS ref, ${a.contribution.toString()}::numeric AS contribution,
        ${at.toISOString()}::timestamptz AS at`,
      money,
    );
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
