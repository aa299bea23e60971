// Payout worker: pays queued withdrawals from the hot wallet. Every signed transaction (the first
// one and each re-sign with the same nonce and a higher fee) is saved BEFORE it is sent, so after a
// crash a saved transaction is re-sent, never a lost one; a withdrawal is confirmed only once a
// receipt of one of its transactions is final. A transaction that was dropped is sent again, one
// that is stuck is re-signed with the same nonce and a higher fee, and a withdrawal is refunded
// exactly once (through the ledger) only when it can no longer be paid: its transaction reverted,
// or another transaction used its nonce in a final block.
import { sql } from 'drizzle-orm';
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  keccak256,
  type LocalAccount,
  type PublicClient,
  parseTransaction,
  TransactionNotFoundError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem';
import type { DbHandle, Tx } from '../db/client.ts';
import type { Asset } from '../services/ledger.ts';
import { rows } from '../services/team.ts';
import { refundWithdrawal } from '../services/withdraw.ts';

export type PayoutLogger = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

export type PayoutOptions = {
  db: DbHandle;
  client: PublicClient;
  /** the hot wallet (signs locally; the key never leaves the process) */
  account: LocalAccount;
  chainId: number;
  /** token contract per withdrawable asset */
  tokens: Partial<Record<Asset, Address>>;
  /** a receipt (or another transaction's use of a nonce) counts once its block is this many blocks below the head */
  finalityDepth: number;
  /** most withdrawals signed per step */
  batch?: number;
  gasLimit?: bigint;
  /** blocks a sent transaction may wait as the next one of the wallet before it is re-signed with a higher fee */
  stuckAfterBlocks?: number;
  log?: PayoutLogger;
  /** test seams standing in for a crash at the riskiest points */
  hooks?: {
    afterSign?: (ids: number[]) => void | Promise<void>;
    afterBroadcast?: (id: number) => void | Promise<void>;
    /** after a re-signed transaction is saved, before it is sent */
    afterResign?: (id: number) => void | Promise<void>;
  };
};

export type PayoutStep = { signed: number; broadcast: number; confirmed: number; refunded: number };

export const DEFAULT_STUCK_AFTER_BLOCKS = 20;
/** A re-signed transaction raises both fees by at least this share (nodes refuse a replacement below +10 %). */
const FEE_BUMP_PERMILLE = 125n;

const silent: PayoutLogger = { info: () => {}, warn: () => {}, error: () => {} };

type QueuedRow = { id: number; user_id: number; asset: string; amount: string; to_address: string };
type SentRow = QueuedRow & { state: 'signed' | 'broadcast'; chain_nonce: number; raw_tx: Hex; tx_hash: Hex };
type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
type Head = { number: bigint; baseFeePerGas: bigint };

const log = (o: PayoutOptions) => o.log ?? silent;

/** Fees for a new transaction, with head-room so a saved one stays valid while base fees rise. */
export async function feesNow(o: Pick<PayoutOptions, 'client'>): Promise<Fees> {
  const fees = await o.client.estimateFeesPerGas();
  const maxPriorityFeePerGas = fees.maxPriorityFeePerGas ?? 1_000_000_000n;
  const maxFeePerGas = (fees.maxFeePerGas ?? 2_000_000_000n) * 2n + maxPriorityFeePerGas;
  return { maxFeePerGas, maxPriorityFeePerGas };
}

async function chainHead(o: PayoutOptions): Promise<Head> {
  const b = await o.client.getBlock({ blockTag: 'latest' });
  return { number: b.number, baseFeePerGas: b.baseFeePerGas ?? 0n };
}

function signTransfer(
  o: PayoutOptions,
  w: QueuedRow,
  token: Address,
  nonce: number,
  fees: Fees,
): Promise<Hex> {
  return o.account.signTransaction({
    chainId: o.chainId,
    type: 'eip1559',
    to: token,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [w.to_address as Address, BigInt(w.amount)],
    }),
    value: 0n,
    nonce,
    gas: o.gasLimit ?? 120_000n,
    ...fees,
  });
}

/** Records a signed transaction as the withdrawal's current one (and in its attempt history). */
async function saveAttempt(
  tx: Tx,
  a: { id: number; nonce: number; raw: Hex; fees: Fees; head: bigint; state: 'signed' | 'keep' },
): Promise<Hex> {
  const hash = keccak256(a.raw);
  await tx.execute(
    sql`INSERT INTO payout_attempts (withdrawal_id, nonce, tx_hash, raw_tx, max_fee_per_gas, max_priority_fee_per_gas, signed_at_block)
        VALUES (${a.id}, ${a.nonce}, ${hash}, ${a.raw}, ${a.fees.maxFeePerGas.toString()}, ${a.fees.maxPriorityFeePerGas.toString()}, ${Number(a.head)})`,
  );
  await tx.execute(
    a.state === 'signed'
      ? sql`UPDATE withdrawals SET state = 'signed', chain_nonce = ${a.nonce}, raw_tx = ${a.raw}, tx_hash = ${hash}, updated_at = now() WHERE id = ${a.id}`
      : sql`UPDATE withdrawals SET raw_tx = ${a.raw}, tx_hash = ${hash}, updated_at = now() WHERE id = ${a.id}`,
  );
  return hash;
}

/**
 * The hot wallet's next nonce, under the row lock of `hot_wallet_nonces` (the payout worker and the
 * burn job share it): the database's, unless the chain already counts further. The caller stores
 * the nonce after the ones it used with `saveNextNonce` in the same transaction.
 */
export async function lockNextNonce(
  tx: Tx,
  o: Pick<PayoutOptions, 'client' | 'account'>,
): Promise<{ saved: number; onChain: number; next: number }> {
  const wallet = o.account.address.toLowerCase();
  const onChain = await o.client.getTransactionCount({ address: o.account.address, blockTag: 'pending' });
  await tx.execute(
    sql`INSERT INTO hot_wallet_nonces (address, next_nonce) VALUES (${wallet}, ${onChain}) ON CONFLICT (address) DO NOTHING`,
  );
  const [n] = await rows<{ next_nonce: number }>(
    tx,
    sql`SELECT next_nonce FROM hot_wallet_nonces WHERE address = ${wallet} FOR UPDATE`,
  );
  const saved = n?.next_nonce ?? 0;
  return { saved, onChain, next: Math.max(saved, onChain) };
}

export async function saveNextNonce(tx: Tx, o: Pick<PayoutOptions, 'account'>, next: number): Promise<void> {
  await tx.execute(
    sql`UPDATE hot_wallet_nonces SET next_nonce = ${next}, updated_at = now() WHERE address = ${o.account.address.toLowerCase()}`,
  );
}

/**
 * Signs queued withdrawals with consecutive nonces, saving each signed tx in the same transaction.
 * The next nonce is the database's, unless the chain already counts further (the wallet was used
 * outside the worker): a nonce the chain has used would never be mined.
 */
export async function signQueued(o: PayoutOptions): Promise<number[]> {
  const fees = await feesNow(o);
  return o.db.transaction(async (tx) => {
    const claimed = await rows<QueuedRow>(
      tx,
      sql`SELECT id, user_id, asset, amount::text, to_address FROM withdrawals WHERE state = 'queued'
          ORDER BY id LIMIT ${o.batch ?? 20} FOR UPDATE SKIP LOCKED`,
    );
    if (claimed.length === 0) return [];
    const head = await o.client.getBlockNumber({ cacheTime: 0 });
    const { saved, onChain, next } = await lockNextNonce(tx, o);
    if (onChain > saved) {
      log(o).warn(
        { ids: claimed.map((w) => w.id), saved, onChain },
        'payout: the chain counts more transactions of the hot wallet than the worker sent; nonce re-read from the chain',
      );
    }
    let nonce = next;
    const signed: number[] = [];
    for (const w of claimed) {
      const token = o.tokens[w.asset as Asset];
      if (!token) {
        await refund(tx, w.id, `no token contract for ${w.asset}`);
        continue;
      }
      const raw = await signTransfer(o, w, token, nonce, fees);
      await saveAttempt(tx, { id: w.id, nonce, raw, fees, head, state: 'signed' });
      signed.push(w.id);
      nonce++;
    }
    await saveNextNonce(tx, o, nonce);
    return signed;
  });
}

/** Marks a withdrawal failed and gives the money back, once (core's refundWithdrawal: ledger key per id). */
async function refund(tx: Tx, id: number, reason: string): Promise<boolean> {
  const moved = await rows(
    tx,
    sql`UPDATE withdrawals SET state = 'failed', fail_reason = ${reason}, updated_at = now()
        WHERE id = ${id} AND state IN ('queued', 'signed', 'broadcast') RETURNING id`,
  );
  if (moved.length === 0) return false;
  return refundWithdrawal(tx, id);
}

/** Sends a saved signed transaction; one the node already knows (mempool or mined) counts as sent. */
export async function sendSaved(o: Pick<PayoutOptions, 'client'>, raw: Hex, hash: Hex): Promise<void> {
  try {
    await o.client.sendRawTransaction({ serializedTransaction: raw });
  } catch (err) {
    // Already in the mempool or already mined (e.g. sent before a crash): that is the same transaction.
    const known = await o.client.getTransaction({ hash }).catch(() => null);
    if (!known) throw err;
  }
}

/** Every transaction hash ever signed for the withdrawal (history and current). */
async function hashesOf(ex: DbHandle['db'] | Tx, w: { id: number; tx_hash: Hex }): Promise<Hex[]> {
  const list = await rows<{ tx_hash: Hex }>(
    ex,
    sql`SELECT tx_hash FROM payout_attempts WHERE withdrawal_id = ${w.id} ORDER BY id`,
  );
  return [...new Set([w.tx_hash, ...list.map((r) => r.tx_hash)])];
}

/** The receipt of whichever of `hashes` was mined; null when none was (an RPC failure throws). */
async function minedReceipt(o: PayoutOptions, hashes: Hex[]): Promise<TransactionReceipt | null> {
  for (const hash of hashes) {
    try {
      return await o.client.getTransactionReceipt({ hash });
    } catch (err) {
      if (!(err instanceof TransactionReceiptNotFoundError)) throw err;
    }
  }
  return null;
}

async function isPending(o: PayoutOptions, hash: Hex): Promise<boolean> {
  try {
    await o.client.getTransaction({ hash });
    return true;
  } catch (err) {
    if (err instanceof TransactionNotFoundError) return false;
    throw err;
  }
}

const bump = (fee: bigint) => fee + (fee * FEE_BUMP_PERMILLE + 999n) / 1000n;

type Rescue = 'refunded' | 'resent' | 'waiting';

/**
 * A sent (or refused) transaction without a receipt: refunds the withdrawal when another
 * transaction used its nonce in a final block; re-signs it with the same nonce and a higher fee
 * when it cannot pay the current base fee, or has waited `stuckAfterBlocks` as the wallet's next
 * transaction, or the node refused it; sends it again when the node forgot it.
 */
async function rescue(o: PayoutOptions, w: SentRow, head: Head, refusedWith?: Error): Promise<Rescue> {
  const latest = await o.client.getTransactionCount({ address: o.account.address, blockTag: 'latest' });
  if (latest > w.chain_nonce) {
    const finalBlock = head.number - BigInt(o.finalityDepth);
    // a chain younger than the finality depth has no final block: whoever took the nonce may still vanish
    if (finalBlock < 0n) return 'waiting';
    const final =
      o.finalityDepth === 0
        ? latest
        : await o.client.getTransactionCount({ address: o.account.address, blockNumber: finalBlock });
    if (final <= w.chain_nonce) return 'waiting';
    return (await refundIfUnminable(o, w)) ? 'refunded' : 'waiting';
  }

  const current = parseTransaction(w.raw_tx);
  const [last] = await rows<{ signed_at_block: string }>(
    o.db.db,
    sql`SELECT signed_at_block::text FROM payout_attempts WHERE tx_hash = ${w.tx_hash}`,
  );
  const pending = refusedWith ? false : await isPending(o, w.tx_hash);
  // an earlier version may still wait in the mempool when its replacement was refused
  let anyPending = pending;
  for (const hash of await hashesOf(o.db.db, w)) {
    if (anyPending) break;
    if (hash !== w.tx_hash) anyPending = await isPending(o, hash);
  }
  const tooCheap = (current.maxFeePerGas ?? 0n) < (head.baseFeePerGas * 9n) / 8n;
  const waited =
    anyPending &&
    latest === w.chain_nonce &&
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
    const resent = await resign(o, w, head, current, why, refusedWith);
    return resent === 'resent' ? 'resent' : 'waiting';
  }
  if (refusedWith) return 'waiting';
  if (!anyPending) {
    log(o).warn({ id: w.id, tx: w.tx_hash }, 'payout: transaction dropped by the node; sending it again');
    try {
      await sendSaved(o, w.raw_tx, w.tx_hash);
      return 'resent';
    } catch (err) {
      log(o).warn(
        { id: w.id, err: (err as Error).message },
        'payout: re-send of a dropped transaction failed',
      );
    }
  }
  return 'waiting';
}

/**
 * Re-signs the withdrawal's transaction with the same nonce and fees raised by at least
 * FEE_BUMP_PERMILLE (more if the network asks more now), saves it, then sends it.
 */
async function resign(
  o: PayoutOptions,
  w: SentRow,
  head: Head,
  current: { maxFeePerGas?: bigint; maxPriorityFeePerGas?: bigint },
  why: string,
  refusedWith?: Error,
): Promise<'resent' | 'waiting' | 'failed'> {
  const token = o.tokens[w.asset as Asset];
  if (!token) return 'failed';
  const now = await feesNow(o);
  const maxPriorityFeePerGas = max(bump(current.maxPriorityFeePerGas ?? 0n), now.maxPriorityFeePerGas);
  const fees = {
    maxPriorityFeePerGas,
    maxFeePerGas: max(bump(current.maxFeePerGas ?? 0n), now.maxFeePerGas, maxPriorityFeePerGas),
  };
  const raw = await signTransfer(o, w, token, w.chain_nonce, fees);
  const hash = await o.db.transaction(async (tx) => {
    // another worker may have re-signed it meanwhile: then its transaction stands
    const [still] = await rows(
      tx,
      sql`SELECT 1 FROM withdrawals WHERE id = ${w.id} AND tx_hash = ${w.tx_hash} AND state IN ('signed', 'broadcast') FOR UPDATE`,
    );
    if (!still) return null;
    return saveAttempt(tx, { id: w.id, nonce: w.chain_nonce, raw, fees, head: head.number, state: 'keep' });
  });
  if (!hash) return 'waiting';
  log(o).warn(
    {
      id: w.id,
      nonce: w.chain_nonce,
      replaces: w.tx_hash,
      tx: hash,
      maxFeePerGas: fees.maxFeePerGas.toString(),
      err: refusedWith?.message,
    },
    `payout: transaction stuck (${why}); re-signed with the same nonce and a higher fee`,
  );
  await o.hooks?.afterResign?.(w.id);
  try {
    await sendSaved(o, raw, hash);
    return 'resent';
  } catch (err) {
    log(o).warn(
      { id: w.id, tx: hash, err: (err as Error).message },
      'payout: sending the re-signed transaction failed',
    );
    return 'failed';
  }
}

const max = (...v: bigint[]) => v.reduce((a, b) => (b > a ? b : a));

/**
 * Refunds the withdrawal if none of its transactions was mined — checked under the row lock, so a
 * re-sign saved meanwhile is seen. Called only once another transaction used its nonce.
 */
async function refundIfUnminable(o: PayoutOptions, w: SentRow): Promise<boolean> {
  const done = await o.db.transaction(async (tx) => {
    const [row] = await rows<{ tx_hash: Hex }>(
      tx,
      sql`SELECT tx_hash FROM withdrawals WHERE id = ${w.id} AND state IN ('signed', 'broadcast') FOR UPDATE`,
    );
    if (!row) return false;
    if (await minedReceipt(o, await hashesOf(tx, { id: w.id, tx_hash: row.tx_hash }))) return false;
    return refund(
      tx,
      w.id,
      `nonce ${w.chain_nonce} was used by another transaction; none of this withdrawal's transactions can be mined`,
    );
  });
  if (done) {
    log(o).warn(
      { id: w.id, nonce: w.chain_nonce, tx: w.tx_hash },
      'payout: nonce used by another transaction; withdrawal refunded',
    );
  }
  return done;
}

const SENT_COLUMNS = sql`id, user_id, asset, amount::text, to_address, state, chain_nonce, raw_tx, tx_hash`;

/** Sends every signed-but-not-sent withdrawal, in nonce order, with its saved raw transaction. */
export async function broadcastSigned(o: PayoutOptions): Promise<number> {
  const list = await rows<SentRow>(
    o.db.db,
    sql`SELECT ${SENT_COLUMNS} FROM withdrawals WHERE state = 'signed' ORDER BY chain_nonce`,
  );
  let sent = 0;
  let head: Head | null = null;
  for (const w of list) {
    try {
      await sendSaved(o, w.raw_tx, w.tx_hash);
    } catch (err) {
      await o.db.db.execute(
        sql`UPDATE withdrawals SET attempts = attempts + 1, fail_reason = ${String((err as Error).message).slice(0, 500)} WHERE id = ${w.id}`,
      );
      log(o).warn({ id: w.id, err: (err as Error).message }, 'payout: broadcast failed');
      head ??= await chainHead(o);
      const r = await rescue(o, w, head, err as Error);
      if (r === 'refunded') continue;
      if (r === 'waiting') break; // later nonces cannot be mined before this one
    }
    await o.hooks?.afterBroadcast?.(w.id);
    await o.db.db.execute(sql`UPDATE withdrawals SET state = 'broadcast', attempts = attempts + 1, updated_at = now()
        WHERE id = ${w.id} AND state = 'signed'`);
    sent++;
  }
  return sent;
}

/** Confirms final successful payouts, refunds final reverted or unminable ones, rescues the rest. */
export async function confirmBroadcast(o: PayoutOptions): Promise<{ confirmed: number; refunded: number }> {
  const list = await rows<SentRow>(
    o.db.db,
    sql`SELECT ${SENT_COLUMNS} FROM withdrawals WHERE state = 'broadcast' ORDER BY chain_nonce`,
  );
  if (list.length === 0) return { confirmed: 0, refunded: 0 };
  const head = await chainHead(o);
  let confirmed = 0;
  let refunded = 0;
  for (const w of list) {
    const receipt = await minedReceipt(o, await hashesOf(o.db.db, w));
    if (!receipt) {
      if ((await rescue(o, w, head)) === 'refunded') refunded++;
      continue;
    }
    if (receipt.blockNumber > head.number - BigInt(o.finalityDepth)) continue;
    const mined = receipt.transactionHash;
    if (receipt.status === 'success') {
      const done = await rows(
        o.db.db,
        sql`UPDATE withdrawals SET state = 'confirmed', confirmed_at = now(), updated_at = now(), tx_hash = ${mined},
              raw_tx = COALESCE((SELECT raw_tx FROM payout_attempts WHERE tx_hash = ${mined}), raw_tx)
            WHERE id = ${w.id} AND state = 'broadcast' RETURNING id`,
      );
      confirmed += done.length;
    } else {
      const ok = await o.db.transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE withdrawals SET tx_hash = ${mined} WHERE id = ${w.id} AND state = 'broadcast'`,
        );
        return refund(tx, w.id, `transaction ${mined} reverted`);
      });
      if (ok) {
        refunded++;
        log(o).warn({ id: w.id, tx: mined }, 'payout: transaction reverted, withdrawal refunded');
      }
    }
  }
  return { confirmed, refunded };
}

/** One full pass: sign what is queued, send what is signed, settle what is final. */
export async function payoutOnce(o: PayoutOptions): Promise<PayoutStep> {
  const signed = await signQueued(o);
  if (signed.length > 0) await o.hooks?.afterSign?.(signed);
  const broadcast = await broadcastSigned(o);
  const { confirmed, refunded } = await confirmBroadcast(o);
  if (signed.length + broadcast + confirmed + refunded > 0) {
    log(o).info({ signed: signed.length, broadcast, confirmed, refunded }, 'payout: step');
  }
  return { signed: signed.length, broadcast, confirmed, refunded };
}
