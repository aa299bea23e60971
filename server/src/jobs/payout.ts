// Payout worker: signs queued withdrawals into the hot-wallet outbox (jobs/hot-wallet.ts), which
// saves each signed transaction before it is sent, re-sends, fee-bumps and judges it by the same
// rules as every other hot-wallet transaction; a withdrawal is confirmed only once a receipt of one
// of its transactions is final, and refunded exactly once (through the ledger) only when it can no
// longer be paid: its transaction reverted, or another transaction with a known receipt used its
// nonce. A used nonce without such evidence leaves it `unresolved` for the operator.
import { parseAddress } from '@free/protocol/address';
import { sql } from 'drizzle-orm';
import { type Address, encodeFunctionData, erc20Abi } from 'viem';
import { rows } from '../db/client.ts';
import type { Asset } from '../services/ledger.ts';
import { failAndRefund } from '../services/withdraw.ts';
import { enqueue, type HotWalletOptions, type OutboxRef, queueOnce } from './hot-wallet.ts';

export type PayoutOptions = Omit<HotWalletOptions, 'hooks'> & {
  /** token contract per withdrawable asset */
  tokens: Partial<Record<Asset, Address>>;
  /** most withdrawals signed per step */
  batch?: number;
  gasLimit?: bigint;
  /** test seams standing in for a crash at the riskiest points (ids are withdrawal ids) */
  hooks?: {
    afterSign?: (ids: number[]) => void | Promise<void>;
    afterBroadcast?: (id: number) => void | Promise<void>;
    /** after a re-signed transaction is saved, before it is sent */
    afterResign?: (id: number) => void | Promise<void>;
  };
};

export type PayoutStep = { signed: number; broadcast: number; confirmed: number; refunded: number };

// `asset` is the database enum `asset` (db/schema/_columns.ts): nothing else can come back
type QueuedRow = { id: number; asset: Asset; amount: string; to_address: string };

/** The outbox's options for this worker: its hooks see withdrawal ids. */
export function queueOptions(o: PayoutOptions): HotWalletOptions {
  const onWithdrawal =
    (f?: (id: number) => void | Promise<void>) =>
    async (r: OutboxRef): Promise<void> => {
      if (f && r.kind === 'withdrawal') await f(r.refId);
    };
  return {
    ...o,
    hooks: {
      afterBroadcast: onWithdrawal(o.hooks?.afterBroadcast),
      afterResign: onWithdrawal(o.hooks?.afterResign),
    },
  };
}

/**
 * Signs queued withdrawals (oldest first) into the outbox with consecutive nonces, in the same
 * transaction that claims them.
 */
export async function signQueued(o: PayoutOptions): Promise<number[]> {
  const now = o.clock ? o.clock() : new Date();
  return o.db.transaction(async (tx) => {
    const claimed = await rows<QueuedRow>(
      tx,
      sql`SELECT id, asset, amount::text, to_address FROM withdrawals WHERE state = 'queued'
          ORDER BY id LIMIT ${o.batch ?? 20} FOR UPDATE SKIP LOCKED`,
    );
    const payable: (QueuedRow & { token: Address })[] = [];
    for (const w of claimed) {
      const token = o.tokens[w.asset];
      if (token) payable.push({ ...w, token });
      else await failAndRefund(tx, Number(w.id), `no token contract for ${w.asset}`, now);
    }
    await enqueue(
      tx,
      queueOptions(o),
      payable.map((w) => ({
        kind: 'withdrawal',
        refId: Number(w.id),
        to: w.token,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [parseAddress(w.to_address, 'withdrawals.to_address'), BigInt(w.amount)],
        }),
        gas: o.gasLimit ?? 120_000n,
      })),
    );
    return payable.map((w) => Number(w.id));
  });
}

/** One full pass: sign what is queued, then one pass of the hot-wallet queue (send, settle). */
export async function payoutOnce(o: PayoutOptions): Promise<PayoutStep> {
  const signed = await signQueued(o);
  if (signed.length > 0) await o.hooks?.afterSign?.(signed);
  const q = await queueOnce(queueOptions(o));
  const step = { signed: signed.length, broadcast: q.broadcast, confirmed: q.confirmed, refunded: q.failed };
  if (step.signed + step.broadcast + step.confirmed + step.refunded + q.unresolved > 0) {
    o.log?.info({ ...step, unresolved: q.unresolved }, 'payout: step');
  }
  return step;
}
