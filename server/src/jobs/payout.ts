// Payout worker: pays queued withdrawals from the hot wallet. The signed transaction, its hash and
// its nonce are saved BEFORE broadcast, so after a crash the same transaction is re-sent, never a
// second one; a withdrawal is confirmed only once its receipt is final, and refunded exactly once
// (through the ledger) when its transaction reverted.
import { sql } from 'drizzle-orm';
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  keccak256,
  type LocalAccount,
  type PublicClient,
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
  /** a receipt counts once its block is this many blocks below the head */
  finalityDepth: number;
  /** most withdrawals signed per step */
  batch?: number;
  gasLimit?: bigint;
  log?: PayoutLogger;
  /** test seams standing in for a crash at the riskiest points */
  hooks?: {
    afterSign?: (ids: number[]) => void | Promise<void>;
    afterBroadcast?: (id: number) => void | Promise<void>;
  };
};

export type PayoutStep = { signed: number; broadcast: number; confirmed: number; refunded: number };

const silent: PayoutLogger = { info: () => {}, warn: () => {}, error: () => {} };

type QueuedRow = { id: number; user_id: number; asset: string; amount: string; to_address: string };

/** Signs queued withdrawals with consecutive nonces from the DB, saving each signed tx in the same transaction. */
export async function signQueued(o: PayoutOptions): Promise<number[]> {
  const wallet = o.account.address.toLowerCase();
  const [known] = await rows(o.db.db, sql`SELECT 1 FROM hot_wallet_nonces WHERE address = ${wallet}`);
  if (!known) {
    const pending = await o.client.getTransactionCount({ address: o.account.address, blockTag: 'pending' });
    await o.db.db.execute(
      sql`INSERT INTO hot_wallet_nonces (address, next_nonce) VALUES (${wallet}, ${pending}) ON CONFLICT (address) DO NOTHING`,
    );
  }
  const fees = await o.client.estimateFeesPerGas();
  const maxPriorityFeePerGas = fees.maxPriorityFeePerGas ?? 1_000_000_000n;
  // head-room so a saved transaction stays valid while base fees rise
  const maxFeePerGas = (fees.maxFeePerGas ?? 2_000_000_000n) * 2n + maxPriorityFeePerGas;

  return o.db.transaction(async (tx) => {
    const claimed = await rows<QueuedRow>(
      tx,
      sql`SELECT id, user_id, asset, amount::text, to_address FROM withdrawals WHERE state = 'queued'
          ORDER BY id LIMIT ${o.batch ?? 20} FOR UPDATE SKIP LOCKED`,
    );
    if (claimed.length === 0) return [];
    const [n] = await rows<{ next_nonce: number }>(
      tx,
      sql`SELECT next_nonce FROM hot_wallet_nonces WHERE address = ${wallet} FOR UPDATE`,
    );
    let nonce = n?.next_nonce ?? 0;
    const signed: number[] = [];
    for (const w of claimed) {
      const token = o.tokens[w.asset as Asset];
      if (!token) {
        await refund(tx, w, `no token contract for ${w.asset}`);
        continue;
      }
      const raw = await o.account.signTransaction({
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
        maxFeePerGas,
        maxPriorityFeePerGas,
      });
      const hash = keccak256(raw);
      await tx.execute(
        sql`UPDATE withdrawals SET state = 'signed', chain_nonce = ${nonce}, raw_tx = ${raw}, tx_hash = ${hash}, updated_at = now() WHERE id = ${w.id}`,
      );
      signed.push(w.id);
      nonce++;
    }
    await tx.execute(
      sql`UPDATE hot_wallet_nonces SET next_nonce = ${nonce}, updated_at = now() WHERE address = ${wallet}`,
    );
    return signed;
  });
}

/** Marks a withdrawal failed and gives the money back, once (core's refundWithdrawal: ledger key per id). */
async function refund(tx: Tx, w: QueuedRow, reason: string): Promise<boolean> {
  const moved = await rows(
    tx,
    sql`UPDATE withdrawals SET state = 'failed', fail_reason = ${reason}, updated_at = now()
        WHERE id = ${w.id} AND state IN ('queued', 'signed', 'broadcast') RETURNING id`,
  );
  if (moved.length === 0) return false;
  return refundWithdrawal(tx, w.id);
}

async function sendSaved(o: PayoutOptions, raw: Hex, hash: Hex): Promise<void> {
  try {
    await o.client.sendRawTransaction({ serializedTransaction: raw });
  } catch (err) {
    // Already in the mempool or already mined (e.g. sent before a crash): that is the same transaction.
    const known = await o.client.getTransaction({ hash }).catch(() => null);
    if (!known) throw err;
  }
}

/** Sends every signed-but-not-sent withdrawal, in nonce order, with its saved raw transaction. */
export async function broadcastSigned(o: PayoutOptions): Promise<number> {
  const list = await rows<{ id: number; raw_tx: Hex; tx_hash: Hex }>(
    o.db.db,
    sql`SELECT id, raw_tx, tx_hash FROM withdrawals WHERE state = 'signed' ORDER BY chain_nonce`,
  );
  let sent = 0;
  for (const w of list) {
    try {
      await sendSaved(o, w.raw_tx, w.tx_hash);
    } catch (err) {
      await o.db.db.execute(
        sql`UPDATE withdrawals SET attempts = attempts + 1, fail_reason = ${String((err as Error).message).slice(0, 500)} WHERE id = ${w.id}`,
      );
      (o.log ?? silent).warn(
        { id: w.id, err: (err as Error).message },
        'payout: broadcast failed, will retry the same transaction',
      );
      break; // later nonces cannot be mined before this one
    }
    await o.hooks?.afterBroadcast?.(w.id);
    await o.db.db.execute(sql`UPDATE withdrawals SET state = 'broadcast', attempts = attempts + 1, updated_at = now()
        WHERE id = ${w.id} AND state = 'signed'`);
    sent++;
  }
  return sent;
}

/** Confirms final successful payouts, refunds final reverted ones, re-sends dropped ones. */
export async function confirmBroadcast(o: PayoutOptions): Promise<{ confirmed: number; refunded: number }> {
  const list = await rows<QueuedRow & { raw_tx: Hex; tx_hash: Hex }>(
    o.db.db,
    sql`SELECT id, user_id, asset, amount::text, to_address, raw_tx, tx_hash FROM withdrawals WHERE state = 'broadcast' ORDER BY chain_nonce`,
  );
  if (list.length === 0) return { confirmed: 0, refunded: 0 };
  const head = await o.client.getBlockNumber({ cacheTime: 0 });
  let confirmed = 0;
  let refunded = 0;
  for (const w of list) {
    const receipt = await o.client.getTransactionReceipt({ hash: w.tx_hash }).catch(() => null);
    if (!receipt) {
      const pending = await o.client.getTransaction({ hash: w.tx_hash }).catch(() => null);
      if (!pending) {
        await sendSaved(o, w.raw_tx, w.tx_hash).catch((err: Error) =>
          (o.log ?? silent).warn(
            { id: w.id, err: err.message },
            'payout: re-send of a dropped transaction failed',
          ),
        );
      }
      continue;
    }
    if (receipt.blockNumber > head - BigInt(o.finalityDepth)) continue;
    if (receipt.status === 'success') {
      const done = await rows(
        o.db.db,
        sql`UPDATE withdrawals SET state = 'confirmed', confirmed_at = now(), updated_at = now()
            WHERE id = ${w.id} AND state = 'broadcast' RETURNING id`,
      );
      confirmed += done.length;
    } else {
      const ok = await o.db.transaction((tx) => refund(tx, w, `transaction ${w.tx_hash} reverted`));
      if (ok) {
        refunded++;
        (o.log ?? silent).warn(
          { id: w.id, tx: w.tx_hash },
          'payout: transaction reverted, withdrawal refunded',
        );
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
    (o.log ?? silent).info({ signed: signed.length, broadcast, confirmed, refunded }, 'payout: step');
  }
  return { signed: signed.length, broadcast, confirmed, refunded };
}
