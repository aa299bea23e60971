// The hot wallet's outbox and nonce manager: every transaction the hot wallet signs (a withdrawal's
// payout, a burn batch, anything added later) takes its nonce here and lives in one queue
// (hot_wallet_txs), so one set of rules keeps the nonce sequence moving whatever the transaction
// pays for:
// - saved before sent: each signed version is stored (with its nonce) before it is broadcast, so a
//   restart re-sends the same transaction, never a second one;
// - drop: a transaction the node forgot is sent again;
// - fee bump: one that cannot pay the base fee, waits `stuckAfterBlocks` as the wallet's next
//   transaction, or is refused for its price is re-signed with the same nonce and a higher fee;
// - fee ceiling: no version pays more than `maxFeePerGas` per gas, and a record is re-signed at most
//   `maxResigns` times; at the ceiling it stays pending as it is and the operator is told once;
// - replace: once its nonce is used in a final block and none of its versions has a receipt, the
//   transaction that used the nonce is looked up; only when it is another one with a known receipt
//   does the record fail (a withdrawal is refunded, a burn batch gives its burns back). Otherwise
//   (a lagging or pruned node) it becomes `unresolved`: checked again each pass, shown to the operator;
// - operator's reject: closeUnmined closes an open record only on proof that none of its versions
//   was or can be mined (provedUnmined).
// The owner of each kind (OWNERS) moves its record in the same database transaction as the outbox row.
import { parseAddress } from '@free/protocol/address';
import { sql } from 'drizzle-orm';
import {
  type Address,
  type Hex,
  keccak256,
  type LocalAccount,
  type PublicClient,
  parseTransaction,
  parseUnits,
  TransactionNotFoundError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem';
import { DEFAULT_HOT_WALLET_MAX_FEE_GWEI, DEFAULT_HOT_WALLET_MAX_RESIGNS } from '../config.ts';
import { type DbHandle, rows, sqlList, type Tx } from '../db/client.ts';
import { type HotWalletTxKind, TX_IN_FLIGHT, TX_OPEN } from '../db/schema/index.ts';
import { type Logger, noopLog } from '../lib/logger.ts';
import { burnBatchOwner } from '../services/burn.ts';
import { liabilitySnapshotOwner } from '../services/liabilities.ts';
import { withdrawalOwner } from '../services/withdraw.ts';

export type HotWalletOptions = {
  db: DbHandle;
  client: PublicClient;
  /** the hot wallet (signs locally; the key never leaves the process) */
  account: LocalAccount;
  chainId: number;
  /** a receipt (or another transaction's use of a nonce) counts once its block is this many blocks below the head */
  finalityDepth: number;
  /** blocks a sent transaction may wait as the next one of the wallet before it is re-signed with a higher fee */
  stuckAfterBlocks?: number;
  /** the most any version may pay per gas (its max fee per gas); default DEFAULT_MAX_FEE_PER_GAS */
  maxFeePerGas?: bigint | undefined;
  /** the most re-signs of one record; default DEFAULT_MAX_RESIGNS */
  maxResigns?: number | undefined;
  log?: Logger;
  clock?: () => Date;
  /** test seams standing in for a crash at the riskiest points */
  hooks?: {
    afterBroadcast?: (o: OutboxRef) => void | Promise<void>;
    /** after a re-signed transaction is saved, before it is sent */
    afterResign?: (o: OutboxRef) => void | Promise<void>;
  };
};

export type OutboxRef = { kind: HotWalletTxKind; refId: number };

/** The hot wallet as the chain shows it, read-only: enough to judge its transactions (no key). */
export type WalletView = {
  client: PublicClient;
  address: Address;
  finalityDepth: number;
  log?: Logger | undefined;
};

const viewOf = (o: HotWalletOptions): WalletView => ({
  client: o.client,
  address: o.account.address,
  finalityDepth: o.finalityDepth,
  log: o.log,
});

/** What the owner of a kind does as its transaction moves (inside the outbox's database transaction). */
export type OutboxOwner = {
  /** a version was signed and saved (`first`: the record's first transaction) */
  signed: (
    tx: Tx,
    refId: number,
    v: { nonce: number; raw: Hex; hash: Hex; first: boolean },
    now: Date,
  ) => Promise<void>;
  sent: (tx: Tx, refId: number, now: Date) => Promise<void>;
  /**
   * a version's successful receipt is final; returns a problem the operator must see (e.g. the
   * record was already refunded: paid twice), logged at error level
   */
  confirmed: (tx: Tx, refId: number, v: { hash: Hex; raw: Hex }, now: Date) => Promise<string | undefined>;
  /** its transaction waits at the fee ceiling (no higher fee, no more re-signs) */
  atFeeCeiling: (
    tx: Tx,
    refId: number,
    v: { maxFeePerGas: bigint; versions: number },
    now: Date,
  ) => Promise<void>;
  /** it can no longer be mined: reverted, or its nonce went to another transaction with a receipt */
  failed: (tx: Tx, refId: number, reason: string, now: Date) => Promise<void>;
  /** its nonce was used and nothing proves by what */
  unresolved: (tx: Tx, refId: number, reason: string, now: Date) => Promise<void>;
};

const OWNERS: Record<HotWalletTxKind, OutboxOwner> = {
  withdrawal: withdrawalOwner,
  burn: burnBatchOwner,
  liabilities: liabilitySnapshotOwner,
};

/** One transaction to sign: the call and who owns it. */
export type OutboxItem = OutboxRef & { to: Address; data: Hex; gas: bigint };

export type QueueStep = { broadcast: number; confirmed: number; failed: number; unresolved: number };

export const DEFAULT_STUCK_AFTER_BLOCKS = 20;
const FAILED_NOTE: Record<HotWalletTxKind, string> = {
  withdrawal: 'withdrawal refunded',
  burn: 'burn batch failed',
  liabilities: 'liabilities publication failed (the next snapshot is published instead)',
};
/** The fee ceiling when none is given: config.ts's defaults. */
export const DEFAULT_MAX_FEE_PER_GAS = parseUnits(DEFAULT_HOT_WALLET_MAX_FEE_GWEI, 9);
export const DEFAULT_MAX_RESIGNS = DEFAULT_HOT_WALLET_MAX_RESIGNS;
/** A re-signed transaction raises both fees by at least this share (nodes refuse a replacement below +10 %). */
const FEE_BUMP_PERMILLE = 125n;

export type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
type Head = { number: bigint; baseFeePerGas: bigint };
type Row = {
  id: number;
  kind: HotWalletTxKind;
  ref_id: number;
  state: 'signed' | 'broadcast' | 'unresolved';
  nonce: number;
  raw_tx: Hex;
  tx_hash: Hex;
};

const log = (o: Pick<HotWalletOptions, 'log'>) => o.log ?? noopLog;
const now = (o: Pick<HotWalletOptions, 'clock'>) => (o.clock ? o.clock() : new Date());
const walletOf = (o: Pick<HotWalletOptions, 'account'>) => o.account.address.toLowerCase();
const about = (r: Pick<Row, 'kind' | 'ref_id'>) => ({ kind: r.kind, refId: Number(r.ref_id) });

const ceilingOf = (o: Pick<HotWalletOptions, 'maxFeePerGas'>) => o.maxFeePerGas ?? DEFAULT_MAX_FEE_PER_GAS;

/**
 * Fees for a new transaction, with head-room so a saved one stays valid while base fees rise; never
 * above the fee ceiling (a transaction the network wants more for waits, and is re-priced up to it).
 */
export async function feesNow(o: Pick<HotWalletOptions, 'client' | 'maxFeePerGas'>): Promise<Fees> {
  const fees = await o.client.estimateFeesPerGas();
  const ceiling = ceilingOf(o);
  const maxPriorityFeePerGas = min(fees.maxPriorityFeePerGas ?? 1_000_000_000n, ceiling);
  const maxFeePerGas = min((fees.maxFeePerGas ?? 2_000_000_000n) * 2n + maxPriorityFeePerGas, ceiling);
  return { maxFeePerGas, maxPriorityFeePerGas };
}

async function chainHead(o: HotWalletOptions): Promise<Head> {
  const b = await o.client.getBlock({ blockTag: 'latest' });
  return { number: b.number, baseFeePerGas: b.baseFeePerGas ?? 0n };
}

/**
 * The hot wallet's next nonce, under the row lock of `hot_wallet_nonces`: the database's, unless
 * the chain already counts further (the wallet was used outside the outbox: a nonce the chain has
 * used would never be mined).
 */
async function lockNextNonce(
  tx: Tx,
  o: HotWalletOptions,
): Promise<{ saved: number; onChain: number; retired: boolean }> {
  const wallet = walletOf(o);
  const onChain = await o.client.getTransactionCount({ address: o.account.address, blockTag: 'pending' });
  await tx.execute(
    sql`INSERT INTO hot_wallet_nonces (address, next_nonce) VALUES (${wallet}, ${onChain}) ON CONFLICT (address) DO NOTHING`,
  );
  const [n] = await rows<{ next_nonce: number; retired: boolean }>(
    tx,
    sql`SELECT next_nonce, retired_at IS NOT NULL AS retired FROM hot_wallet_nonces WHERE address = ${wallet} FOR UPDATE`,
  );
  return { saved: n?.next_nonce ?? 0, onChain, retired: n?.retired === true };
}

/**
 * The hot wallet is being rotated out (`hotwallet:drain`): it signs no new transaction. The jobs
 * leave their records waiting (queued withdrawals, pending burns) for the next wallet.
 */
export class HotWalletRetiredError extends Error {
  override name = 'HotWalletRetiredError';
  constructor(readonly wallet: Address) {
    super(
      `hot wallet ${wallet} is retired (hotwallet:drain): it signs no new transaction; waiting for the new HOT_WALLET_KEY`,
    );
  }
}

/**
 * Runs a job's signing step; when the wallet is retired it returns `idle` instead (the step's
 * database transaction rolled back, so its records wait for the next wallet), warning once a minute.
 */
export async function unlessRetired<T>(o: Pick<HotWalletOptions, 'log'>, idle: T, step: () => Promise<T>) {
  try {
    return await step();
  } catch (err) {
    if (!(err instanceof HotWalletRetiredError)) throw err;
    const at = Date.now();
    if (at - lastRetiredWarning > 60_000) {
      lastRetiredWarning = at;
      log(o).warn({ wallet: err.wallet }, err.message);
    }
    return idle;
  }
}
let lastRetiredWarning = 0;

function sign(o: HotWalletOptions, call: { to: Address; data: Hex; gas: bigint }, nonce: number, fees: Fees) {
  return o.account.signTransaction({
    chainId: o.chainId,
    type: 'eip1559',
    to: call.to,
    data: call.data,
    value: 0n,
    nonce,
    gas: call.gas,
    ...fees,
  });
}

async function saveVersion(
  tx: Tx,
  a: { outboxId: number; raw: Hex; fees: Fees; head: bigint },
): Promise<Hex> {
  const hash = keccak256(a.raw);
  await tx.execute(
    sql`INSERT INTO hot_wallet_tx_versions (outbox_id, tx_hash, raw_tx, max_fee_per_gas, max_priority_fee_per_gas, signed_at_block)
        VALUES (${a.outboxId}, ${hash}, ${a.raw}, ${a.fees.maxFeePerGas.toString()}, ${a.fees.maxPriorityFeePerGas.toString()}, ${Number(a.head)})`,
  );
  return hash;
}

/**
 * Signs `items` with the hot wallet's next consecutive nonces and saves each (outbox row and
 * version) inside the caller's transaction `tx`, before anything is sent. The caller's owner
 * records are moved by their owner's `signed`.
 */
export async function enqueue(
  tx: Tx,
  o: HotWalletOptions,
  items: OutboxItem[],
  /** the fees the caller budgeted the items' gas with (default feesNow) */
  budgeted?: Fees,
): Promise<{ nonce: number; hash: Hex }[]> {
  if (items.length === 0) return [];
  const fees = budgeted ?? (await feesNow(o));
  const head = await o.client.getBlockNumber({ cacheTime: 0 });
  const { saved, onChain, retired } = await lockNextNonce(tx, o);
  // under the nonce row's lock: once `hotwallet:drain` committed, nothing new is signed
  if (retired) throw new HotWalletRetiredError(o.account.address);
  if (onChain > saved) {
    log(o).warn(
      { items: items.map((i) => `${i.kind}:${i.refId}`), ids: items.map((i) => i.refId), saved, onChain },
      'hot wallet: the chain counts more transactions of the hot wallet than the outbox sent; nonce re-read from the chain',
    );
  }
  let nonce = Math.max(saved, onChain);
  const out: { nonce: number; hash: Hex }[] = [];
  for (const item of items) {
    const raw = await sign(o, item, nonce, fees);
    const hash = keccak256(raw);
    const [row] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO hot_wallet_txs (wallet, nonce, kind, ref_id, raw_tx, tx_hash)
          VALUES (${walletOf(o)}, ${nonce}, ${item.kind}, ${item.refId}, ${raw}, ${hash}) RETURNING id`,
    );
    await saveVersion(tx, { outboxId: Number(row?.id), raw, fees, head });
    await OWNERS[item.kind].signed(tx, item.refId, { nonce, raw, hash, first: true }, now(o));
    out.push({ nonce, hash });
    nonce++;
  }
  await tx.execute(
    sql`UPDATE hot_wallet_nonces SET next_nonce = ${nonce}, updated_at = now() WHERE address = ${walletOf(o)}`,
  );
  return out;
}

/** Sends a saved signed transaction; one the node already knows (mempool or mined) counts as sent. */
async function sendSaved(o: Pick<HotWalletOptions, 'client'>, raw: Hex, hash: Hex): Promise<void> {
  try {
    await o.client.sendRawTransaction({ serializedTransaction: raw });
  } catch (err) {
    // Already in the mempool or already mined (e.g. sent before a crash): that is the same transaction.
    const known = await o.client.getTransaction({ hash }).catch(() => null);
    if (!known) throw err;
  }
}

const OPEN_COLUMNS = sql`id, kind, ref_id, state, nonce, raw_tx, tx_hash`;

async function openRows(o: HotWalletOptions, states: Row['state'][]): Promise<Row[]> {
  return rows<Row>(
    o.db.db,
    sql`SELECT ${OPEN_COLUMNS} FROM hot_wallet_txs WHERE wallet = ${walletOf(o)}
        AND state IN ${sqlList(states)} ORDER BY nonce`,
  );
}

/** Every version ever signed for the outbox row (current first). */
async function versionsOf(ex: DbHandle['db'] | Tx, r: Pick<Row, 'id' | 'tx_hash'>): Promise<Hex[]> {
  const list = await rows<{ tx_hash: Hex }>(
    ex,
    sql`SELECT tx_hash FROM hot_wallet_tx_versions WHERE outbox_id = ${r.id} ORDER BY id`,
  );
  return [...new Set([r.tx_hash, ...list.map((v) => v.tx_hash)])];
}

async function receiptOf(o: Pick<HotWalletOptions, 'client'>, hash: Hex): Promise<TransactionReceipt | null> {
  try {
    return await o.client.getTransactionReceipt({ hash });
  } catch (err) {
    if (err instanceof TransactionReceiptNotFoundError) return null;
    throw err;
  }
}

/** The receipt of whichever of `hashes` was mined; null when none was (an RPC failure throws). */
async function minedReceipt(o: HotWalletOptions, hashes: Hex[]): Promise<TransactionReceipt | null> {
  for (const hash of hashes) {
    const r = await receiptOf(o, hash);
    if (r) return r;
  }
  return null;
}

async function isPending(o: HotWalletOptions, hash: Hex): Promise<boolean> {
  try {
    await o.client.getTransaction({ hash });
    return true;
  } catch (err) {
    if (err instanceof TransactionNotFoundError) return false;
    throw err;
  }
}

/**
 * Moves the outbox row from one of `from` to `to` and lets its owner move its record, in one
 * transaction; false when another pass moved it first.
 */
async function settleRow(
  o: HotWalletOptions,
  r: Row,
  from: Row['state'][],
  to: 'broadcast' | 'confirmed' | 'reverted' | 'replaced' | 'unresolved',
  note: string | null,
  owner: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  return o.db.transaction(async (tx) => {
    const moved = await rows(
      tx,
      sql`UPDATE hot_wallet_txs SET state = ${to}, note = COALESCE(${note}, note), updated_at = now()
          WHERE id = ${r.id} AND state IN ${sqlList(from)} RETURNING id`,
    );
    if (moved.length === 0) return false;
    await owner(tx);
    return true;
  });
}

/**
 * Sends every signed-but-not-sent transaction, in nonce order, with its saved raw transaction; one
 * the node refuses is rescued like a sent one.
 */
export async function broadcastSigned(o: HotWalletOptions): Promise<QueueStep> {
  const out = { broadcast: 0, confirmed: 0, failed: 0, unresolved: 0 };
  let head: Head | null = null;
  for (const r of await openRows(o, ['signed'])) {
    try {
      await sendSaved(o, r.raw_tx, r.tx_hash);
    } catch (err) {
      const message = String((err as Error).message).slice(0, 500);
      await o.db.db.execute(sql`UPDATE hot_wallet_txs SET note = ${message} WHERE id = ${r.id}`);
      log(o).warn({ ...about(r), id: Number(r.ref_id), err: message }, 'hot wallet: broadcast failed');
      head ??= await chainHead(o);
      const res = await rescue(o, r, head, err as Error);
      if (res === 'settled') out.failed++;
      if (res === 'unresolved') out.unresolved++;
      if (res === 'settled' || res === 'unresolved') continue;
      if (res === 'waiting') break; // later nonces cannot be mined before this one
    }
    await o.hooks?.afterBroadcast?.(about(r));
    const moved = await settleRow(o, r, ['signed'], 'broadcast', null, (tx) =>
      OWNERS[r.kind].sent(tx, Number(r.ref_id), now(o)),
    );
    if (moved) out.broadcast++;
  }
  return out;
}

/**
 * Settles what is final: a successful receipt confirms, a reverted one fails; without a receipt the
 * transaction is rescued (re-sent, fee-bumped, or judged by who used its nonce).
 */
export async function settleSent(o: HotWalletOptions): Promise<Omit<QueueStep, 'broadcast'>> {
  const out = { confirmed: 0, failed: 0, unresolved: 0 };
  const list = await openRows(o, ['broadcast', 'unresolved']);
  if (list.length === 0) return out;
  const head = await chainHead(o);
  for (const r of list) {
    const receipt = await minedReceipt(o, await versionsOf(o.db.db, r));
    if (!receipt) {
      const res = await rescue(o, r, head);
      if (res === 'settled') out.failed++;
      if (res === 'unresolved') out.unresolved++;
      continue;
    }
    if (receipt.blockNumber > head.number - BigInt(o.finalityDepth)) continue;
    const mined = receipt.transactionHash;
    const owner = OWNERS[r.kind];
    if (receipt.status === 'success') {
      const [v] = await rows<{ raw_tx: Hex }>(
        o.db.db,
        sql`SELECT raw_tx FROM hot_wallet_tx_versions WHERE tx_hash = ${mined}`,
      );
      const raw = v?.raw_tx ?? r.raw_tx;
      let problem: string | undefined;
      const done = await settleRow(o, r, ['broadcast', 'unresolved'], 'confirmed', null, async (tx) => {
        await tx.execute(
          sql`UPDATE hot_wallet_txs SET tx_hash = ${mined}, raw_tx = ${raw} WHERE id = ${r.id}`,
        );
        problem = await owner.confirmed(tx, Number(r.ref_id), { hash: mined, raw }, now(o));
      });
      if (done) out.confirmed++;
      if (done && problem) {
        log(o).error(
          { ...about(r), id: Number(r.ref_id), nonce: r.nonce, tx: mined },
          `hot wallet: ${problem}`,
        );
      }
    } else {
      const reason = `transaction ${mined} reverted`;
      const done = await settleRow(o, r, ['broadcast', 'unresolved'], 'reverted', reason, (tx) =>
        owner.failed(tx, Number(r.ref_id), reason, now(o)),
      );
      if (done) {
        out.failed++;
        log(o).warn(
          { ...about(r), id: Number(r.ref_id), tx: mined },
          `hot wallet: ${reason}; ${r.kind} failed`,
        );
      }
    }
  }
  return out;
}

/** One pass over the queue: send what is signed, settle what is final. */
export async function queueOnce(o: HotWalletOptions): Promise<QueueStep> {
  const sent = await broadcastSigned(o);
  const settled = await settleSent(o);
  return {
    broadcast: sent.broadcast,
    confirmed: settled.confirmed,
    failed: sent.failed + settled.failed,
    unresolved: sent.unresolved + settled.unresolved,
  };
}

const bump = (fee: bigint) => fee + (fee * FEE_BUMP_PERMILLE + 999n) / 1000n;
/** the least a node accepts as a replacement: +10 % on both fees */
const replaceable = (fee: bigint) => fee + (fee + 9n) / 10n;
const max = (...v: bigint[]) => v.reduce((a, b) => (b > a ? b : a));
const min = (...v: bigint[]) => v.reduce((a, b) => (b < a ? b : a));

type Rescue = 'settled' | 'unresolved' | 'resent' | 'waiting';

/**
 * A sent (or refused) transaction without a receipt. When its nonce is used in a final block, it is
 * judged by who used it (judgeUsedNonce). Otherwise it is re-signed with the same nonce and a higher
 * fee when it cannot pay the current base fee, has waited `stuckAfterBlocks` as the wallet's next
 * transaction, or the node refused it for its price; and sent again when the node forgot it.
 */
async function rescue(o: HotWalletOptions, r: Row, head: Head, refusedWith?: Error): Promise<Rescue> {
  const latest = await o.client.getTransactionCount({ address: o.account.address, blockTag: 'latest' });
  if (latest > r.nonce) {
    const finalBlock = head.number - BigInt(o.finalityDepth);
    // a chain younger than the finality depth has no final block: whoever took the nonce may still vanish
    if (finalBlock < 0n) return 'waiting';
    const final =
      o.finalityDepth === 0
        ? latest
        : await o.client.getTransactionCount({ address: o.account.address, blockNumber: finalBlock });
    if (final <= r.nonce) return 'waiting';
    return judgeUsedNonce(o, r, finalBlock);
  }
  if (r.state === 'unresolved') return 'unresolved';

  const current = parseTransaction(r.raw_tx);
  const [last] = await rows<{ signed_at_block: string }>(
    o.db.db,
    sql`SELECT signed_at_block::text FROM hot_wallet_tx_versions WHERE tx_hash = ${r.tx_hash}`,
  );
  const pending = refusedWith ? false : await isPending(o, r.tx_hash);
  // an earlier version may still wait in the mempool when its replacement was refused
  let anyPending = pending;
  for (const hash of await versionsOf(o.db.db, r)) {
    if (anyPending) break;
    if (hash !== r.tx_hash) anyPending = await isPending(o, hash);
  }
  const tooCheap = (current.maxFeePerGas ?? 0n) < (head.baseFeePerGas * 9n) / 8n;
  const waited =
    anyPending &&
    latest === r.nonce &&
    last !== undefined &&
    head.number - BigInt(last.signed_at_block) >= BigInt(o.stuckAfterBlocks ?? DEFAULT_STUCK_AFTER_BLOCKS);
  // refused for its price ("underpriced", "fee … less than block base fee"); other refusals
  // (e.g. no gas money) are the operator's to fix, and a higher fee would not help
  const priceRefused = refusedWith !== undefined && /underpriced|fee/i.test(refusedWith.message);
  if (tooCheap || waited || priceRefused) {
    const why = tooCheap
      ? 'its fee is below the base fee'
      : waited
        ? 'it waits too long'
        : 'refused for its fee';
    return (await resign(o, r, head, current, why, refusedWith)) === 'resent' ? 'resent' : 'waiting';
  }
  if (refusedWith) return 'waiting';
  if (!anyPending) {
    log(o).warn(
      { ...about(r), id: Number(r.ref_id), tx: r.tx_hash },
      'hot wallet: transaction dropped by the node; sending it again',
    );
    try {
      await sendSaved(o, r.raw_tx, r.tx_hash);
      return 'resent';
    } catch (err) {
      log(o).warn(
        { ...about(r), id: Number(r.ref_id), err: (err as Error).message },
        'hot wallet: re-send of a dropped transaction failed',
      );
    }
  }
  return 'waiting';
}

/**
 * The fees of the next version: both raised by at least FEE_BUMP_PERMILLE (more if the network asks
 * more now), cut to the fee ceiling as long as the cut still replaces the current version; null at
 * the ceiling (no more re-signs, or no valid replacement under the ceiling).
 */
async function nextFees(
  o: HotWalletOptions,
  r: Row,
  current: ReturnType<typeof parseTransaction>,
): Promise<Fees | null> {
  const [n] = await rows<{ versions: number }>(
    o.db.db,
    sql`SELECT count(*)::int AS versions FROM hot_wallet_tx_versions WHERE outbox_id = ${r.id}`,
  );
  if (Number(n?.versions ?? 0) > (o.maxResigns ?? DEFAULT_MAX_RESIGNS)) return null;
  const fresh = await o.client.estimateFeesPerGas();
  const curFee = current.maxFeePerGas ?? 0n;
  const curTip = current.maxPriorityFeePerGas ?? 0n;
  const ceiling = ceilingOf(o);
  const tip = min(max(bump(curTip), fresh.maxPriorityFeePerGas ?? 0n), ceiling);
  const fee = min(max(bump(curFee), (fresh.maxFeePerGas ?? 0n) * 2n + tip, tip), ceiling);
  if (fee < replaceable(curFee) || tip < replaceable(curTip)) return null;
  return { maxFeePerGas: fee, maxPriorityFeePerGas: tip };
}

/**
 * At the fee ceiling: the transaction stays pending as it is; its owner shows it, and an error is
 * logged once (the outbox note says it).
 */
async function atCeiling(o: HotWalletOptions, r: Row, current: ReturnType<typeof parseTransaction>) {
  const [n] = await rows<{ versions: number }>(
    o.db.db,
    sql`SELECT count(*)::int AS versions FROM hot_wallet_tx_versions WHERE outbox_id = ${r.id}`,
  );
  const v = { maxFeePerGas: current.maxFeePerGas ?? 0n, versions: Number(n?.versions ?? 0) };
  const note = `fee ceiling reached: ${v.versions} version(s), max fee ${v.maxFeePerGas} wei per gas`;
  const first = await o.db.transaction(async (tx) => {
    const marked = await rows(
      tx,
      sql`UPDATE hot_wallet_txs SET note = ${note}, updated_at = now()
          WHERE id = ${r.id} AND tx_hash = ${r.tx_hash} AND state IN ${sqlList(TX_IN_FLIGHT)}
            AND note IS DISTINCT FROM ${note} RETURNING id`,
    );
    if (marked.length > 0) await OWNERS[r.kind].atFeeCeiling(tx, Number(r.ref_id), v, now(o));
    return marked.length > 0;
  });
  if (first) {
    log(o).error(
      {
        ...about(r),
        id: Number(r.ref_id),
        nonce: r.nonce,
        tx: r.tx_hash,
        maxFeePerGas: v.maxFeePerGas.toString(),
        versions: v.versions,
      },
      'hot wallet: transaction stuck at the fee ceiling (HOT_WALLET_MAX_FEE_GWEI / HOT_WALLET_MAX_RESIGNS); it stays pending, nothing is paid above it',
    );
  }
}

/**
 * Re-signs the transaction with the same nonce, call and gas and higher fees (nextFees); saves it,
 * then sends it. At the fee ceiling nothing is signed (atCeiling).
 */
async function resign(
  o: HotWalletOptions,
  r: Row,
  head: Head,
  current: ReturnType<typeof parseTransaction>,
  why: string,
  refusedWith?: Error,
): Promise<'resent' | 'waiting' | 'failed'> {
  const fees = await nextFees(o, r, current);
  if (!fees) {
    await atCeiling(o, r, current);
    return 'waiting';
  }
  const raw = await sign(
    o,
    { to: parseAddress(current.to, 'hot_wallet_txs.to'), data: current.data ?? '0x', gas: current.gas ?? 0n },
    r.nonce,
    fees,
  );
  const hash = await o.db.transaction(async (tx) => {
    // another worker may have re-signed it meanwhile: then its transaction stands
    const [still] = await rows(
      tx,
      sql`SELECT 1 FROM hot_wallet_txs WHERE id = ${r.id} AND tx_hash = ${r.tx_hash} AND state IN ${sqlList(TX_IN_FLIGHT)} FOR UPDATE`,
    );
    if (!still) return null;
    const saved = await saveVersion(tx, { outboxId: r.id, raw, fees, head: head.number });
    await tx.execute(
      sql`UPDATE hot_wallet_txs SET raw_tx = ${raw}, tx_hash = ${saved}, updated_at = now() WHERE id = ${r.id}`,
    );
    await OWNERS[r.kind].signed(
      tx,
      Number(r.ref_id),
      { nonce: r.nonce, raw, hash: saved, first: false },
      now(o),
    );
    return saved;
  });
  if (!hash) return 'waiting';
  log(o).warn(
    {
      ...about(r),
      id: Number(r.ref_id),
      nonce: r.nonce,
      replaces: r.tx_hash,
      tx: hash,
      maxFeePerGas: fees.maxFeePerGas.toString(),
      err: refusedWith?.message,
    },
    `hot wallet: transaction stuck (${why}); re-signed with the same nonce and a higher fee`,
  );
  await o.hooks?.afterResign?.(about(r));
  try {
    await sendSaved(o, raw, hash);
    return 'resent';
  } catch (err) {
    log(o).warn(
      { ...about(r), id: Number(r.ref_id), tx: hash, err: (err as Error).message },
      'hot wallet: sending the re-signed transaction failed',
    );
    return 'failed';
  }
}

/**
 * The transaction of the hot wallet that used `nonce`, found in the first block (up to
 * `finalBlock`) after which the wallet's count passes it; `hash` null when that block holds none
 * (the nonce was set, not used); null when the node cannot answer for old blocks.
 */
export async function whoUsedNonce(
  o: WalletView,
  nonce: number,
  fromBlock: bigint,
  finalBlock: bigint,
): Promise<{ hash: Hex | null; block: bigint } | null> {
  const count = (blockNumber: bigint) => o.client.getTransactionCount({ address: o.address, blockNumber });
  try {
    let lo = fromBlock < 0n ? 0n : fromBlock;
    let hi = finalBlock;
    if (lo > hi || (await count(lo)) > nonce) lo = 0n;
    // invariant: count(hi) > nonce; find the first block whose count passes the nonce
    while (lo < hi) {
      const mid = (lo + hi) / 2n;
      if ((await count(mid)) > nonce) hi = mid;
      else lo = mid + 1n;
    }
    const block = await o.client.getBlock({ blockNumber: hi, includeTransactions: true });
    const wallet = o.address.toLowerCase();
    const t = block.transactions.find((x) => x.from.toLowerCase() === wallet && x.nonce === nonce);
    return { hash: t ? t.hash : null, block: hi };
  } catch (err) {
    (o.log ?? noopLog).warn(
      { nonce, err: (err as Error).message },
      'hot wallet: cannot look up who used the nonce',
    );
    return null;
  }
}

/**
 * The nonce of `r` was used in a final block and none of its versions has a receipt. Fails the
 * record only on positive evidence: another transaction used the nonce and its receipt is known.
 * Anything else (its own version found in a block without a receipt, no transaction found, a node
 * that cannot tell) leaves it `unresolved` for the next pass and the operator. Checked again under
 * the row lock, so a re-sign saved meanwhile is seen.
 */
async function judgeUsedNonce(o: HotWalletOptions, r: Row, finalBlock: bigint): Promise<Rescue> {
  const hashes = await versionsOf(o.db.db, r);
  if (await minedReceipt(o, hashes)) return 'waiting'; // mined after all: settled on the next pass
  const [first] = await rows<{ b: string }>(
    o.db.db,
    sql`SELECT min(signed_at_block)::text AS b FROM hot_wallet_tx_versions WHERE outbox_id = ${r.id}`,
  );
  const used = await whoUsedNonce(viewOf(o), r.nonce, BigInt(first?.b ?? '0'), finalBlock);
  const user = used?.hash ? { hash: used.hash, block: used.block } : null;
  const other = user && !hashes.includes(user.hash) ? await receiptOf(o, user.hash) : null;
  const owner = OWNERS[r.kind];
  if (user && other) {
    const reason = `nonce ${r.nonce} was used by transaction ${user.hash} (block ${other.blockNumber}); none of this ${r.kind}'s transactions can be mined`;
    const done = await o.db.transaction(async (tx) => {
      const [row] = await rows<{ tx_hash: Hex }>(
        tx,
        sql`SELECT tx_hash FROM hot_wallet_txs WHERE id = ${r.id} AND state IN ${sqlList(TX_OPEN)} FOR UPDATE`,
      );
      if (!row) return false;
      if (await minedReceipt(o, await versionsOf(tx, { id: r.id, tx_hash: row.tx_hash }))) return false;
      await tx.execute(
        sql`UPDATE hot_wallet_txs SET state = 'replaced', note = ${reason}, updated_at = now() WHERE id = ${r.id}`,
      );
      await owner.failed(tx, Number(r.ref_id), reason, now(o));
      return true;
    });
    if (!done) return 'waiting';
    log(o).warn(
      { ...about(r), id: Number(r.ref_id), nonce: r.nonce, tx: r.tx_hash, by: user.hash },
      `hot wallet: nonce used by another transaction; ${FAILED_NOTE[r.kind]}`,
    );
    return 'settled';
  }
  if (r.state === 'unresolved') return 'unresolved';
  const reason = user
    ? hashes.includes(user.hash)
      ? `nonce ${r.nonce}: its transaction ${user.hash} is in block ${user.block} but the node returns no receipt`
      : `nonce ${r.nonce} was used by transaction ${user.hash} whose receipt the node does not return`
    : `nonce ${r.nonce} was used on chain, but no receipt of this ${r.kind}'s transactions or of another transaction using it was found`;
  const done = await settleRow(o, r, [...TX_IN_FLIGHT], 'unresolved', reason, (tx) =>
    owner.unresolved(tx, Number(r.ref_id), reason, now(o)),
  );
  if (done) {
    log(o).error(
      { ...about(r), id: Number(r.ref_id), nonce: r.nonce, tx: r.tx_hash },
      `hot wallet: ${reason}; left unresolved for the operator (neither confirmed nor refunded)`,
    );
  }
  return 'unresolved';
}

/**
 * Whether none of the outbox row's versions was or can ever be mined: none has a receipt or sits in
 * a block, its nonce is used in a final block, and the transaction that used it (read from that
 * block) is another one, or none (the nonce was skipped). `doubt`: why that is not proven.
 */
export async function provedUnmined(
  v: WalletView,
  ex: DbHandle['db'] | Tx,
  r: { id: number; nonce: number; tx_hash: Hex },
): Promise<{ proof: string } | { doubt: string }> {
  const hashes = await versionsOf(ex, r);
  for (const hash of hashes) {
    const receipt = await receiptOf(v, hash);
    if (receipt) return { doubt: `its transaction ${hash} has a receipt (block ${receipt.blockNumber})` };
    const t = await v.client.getTransaction({ hash }).catch((err: Error) => {
      if (err instanceof TransactionNotFoundError) return null;
      throw err;
    });
    if (t?.blockNumber != null) return { doubt: `its transaction ${hash} is in block ${t.blockNumber}` };
  }
  const finalBlock = (await v.client.getBlockNumber({ cacheTime: 0 })) - BigInt(v.finalityDepth);
  if (finalBlock < 0n) return { doubt: 'the chain has no final block yet' };
  const final = await v.client.getTransactionCount({ address: v.address, blockNumber: finalBlock });
  if (final <= r.nonce)
    return { doubt: `its nonce ${r.nonce} is not used in a final block: a version of it may still be mined` };
  const [first] = await rows<{ b: string | null }>(
    ex,
    sql`SELECT min(signed_at_block)::text AS b FROM hot_wallet_tx_versions WHERE outbox_id = ${r.id}`,
  );
  const used = await whoUsedNonce(v, r.nonce, BigInt(first?.b ?? '0'), finalBlock);
  if (!used) return { doubt: `the node cannot tell which transaction used nonce ${r.nonce}` };
  if (used.hash && hashes.includes(used.hash))
    return { doubt: `its transaction ${used.hash} used nonce ${r.nonce} (block ${used.block})` };
  return {
    proof: used.hash
      ? `nonce ${r.nonce} was used by another transaction, ${used.hash} (block ${used.block})`
      : `nonce ${r.nonce} was skipped: block ${used.block} holds no transaction of the hot wallet with it`,
  };
}

/**
 * Closes the open outbox row of `ref` (state `rejected`) inside the caller's transaction `tx`, only
 * when provedUnmined: the operator's reject of a record whose payout is unresolved. Returns null when
 * closed (or when no open row exists), else why it was not (the record may have been paid).
 */
export async function closeUnmined(
  tx: Tx,
  v: WalletView,
  ref: OutboxRef,
  why: string,
): Promise<string | null> {
  // the row lock first: the worker settles the row (then its record) under the same lock
  const [r] = await rows<{ id: number; state: string; nonce: number; tx_hash: Hex }>(
    tx,
    sql`SELECT id, state, nonce, tx_hash FROM hot_wallet_txs WHERE kind = ${ref.kind} AND ref_id = ${ref.refId} FOR UPDATE`,
  );
  if (!r) return null;
  if (r.state === 'confirmed') return `its transaction ${r.tx_hash} is confirmed`;
  if (!(TX_OPEN as readonly string[]).includes(r.state)) return null;
  const judged = await provedUnmined(v, tx, { ...r, id: Number(r.id) });
  if ('doubt' in judged) return judged.doubt;
  await tx.execute(
    sql`UPDATE hot_wallet_txs SET state = 'rejected', note = ${`${why}; ${judged.proof}`.slice(0, 500)}, updated_at = now()
        WHERE id = ${r.id}`,
  );
  return null;
}
