// Payout worker: signs queued withdrawals into the hot-wallet outbox (jobs/hot-wallet.ts), which
// saves each signed transaction before it is sent, re-sends, fee-bumps and judges it by the same
// rules as every other hot-wallet transaction; a withdrawal is confirmed only once a receipt of one
// of its transactions is final, and refunded exactly once (through the ledger) only when it can no
// longer be paid: its transaction reverted, or another transaction with a known receipt used its
// nonce. A used nonce without such evidence leaves it `unresolved` for the operator.
// Nothing that must fail is sent: before signing, the hot wallet's token and gas (BNB) balances are
// checked against what it still has to pay, and each transfer's gas is estimated (fundedInOrder);
// a withdrawal the wallet cannot pay waits, queued, for funds (its hold shows what is missing).
import { parseAddress } from '@free/protocol/address';
import { sql } from 'drizzle-orm';
import {
  type Address,
  BaseError,
  ExecutionRevertedError,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  parseTransaction,
} from 'viem';
import { rows, sqlList, type Tx } from '../db/client.ts';
import { TX_IN_FLIGHT, TX_OPEN, type WithdrawalHold } from '../db/schema/index.ts';
import type { Asset } from '../services/ledger.ts';
import { failAndRefund } from '../services/withdraw.ts';
import {
  enqueue,
  type Fees,
  feesNow,
  type HotWalletOptions,
  type OutboxItem,
  type OutboxRef,
  queueOnce,
  unlessRetired,
} from './hot-wallet.ts';

export type PayoutOptions = Omit<HotWalletOptions, 'hooks'> & {
  /** token contract per withdrawable asset */
  tokens: Partial<Record<Asset, Address>>;
  /** most withdrawals signed per step */
  batch?: number;
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
type QueuedRow = {
  id: number;
  asset: Asset;
  amount: string;
  to_address: string;
  hold: WithdrawalHold | null;
};

/** Gas head-room over the estimate: a transfer's cost can move a little between estimate and block. */
const GAS_HEADROOM_PERCENT = 20n;

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
  return unlessRetired(o, [] as number[], () => signClaimed(o, now));
}

async function signClaimed(o: PayoutOptions, now: Date): Promise<number[]> {
  return o.db.transaction(async (tx) => {
    const claimed = await rows<QueuedRow>(
      tx,
      sql`SELECT id, asset, amount::text, to_address, hold FROM withdrawals WHERE state = 'queued'
          ORDER BY id LIMIT ${o.batch ?? 20} FOR UPDATE SKIP LOCKED`,
    );
    const payable: Payable[] = [];
    for (const w of claimed) {
      const token = o.tokens[w.asset];
      if (token) payable.push({ ...w, id: Number(w.id), token });
      else await failAndRefund(tx, Number(w.id), `no token contract for ${w.asset}`, now);
    }
    if (payable.length === 0) return [];
    const fees = await feesNow(o);
    const plan = await fundedInOrder(tx, o, payable, fees);
    for (const f of plan.failed) await failAndRefund(tx, f.id, f.reason, now);
    for (const w of plan.waiting) {
      const hold: WithdrawalHold = { kind: 'funds', missing: w.missing };
      await tx.execute(sql`UPDATE withdrawals SET hold = ${JSON.stringify(hold)}::jsonb WHERE id = ${w.id}`);
      if (w.was?.kind !== 'funds') {
        o.log?.error(
          { id: w.id, missing: w.missing },
          `payout: the hot wallet lacks ${w.missing.map((m) => `${m.amount} wei ${m.asset}`).join(' and ')} to pay withdrawal ${w.id} (and the ones before it); it waits for funds`,
        );
      }
    }
    await enqueue(tx, queueOptions(o), plan.ready, fees);
    return plan.ready.map((w) => w.refId);
  });
}

type Payable = Omit<QueuedRow, 'id'> & { id: number; token: Address };

/** A failed estimate that says the call itself reverts (not an RPC failure). */
const reverts = (err: unknown) =>
  err instanceof BaseError && err.walk((e) => e instanceof ExecutionRevertedError) !== null;

/**
 * Which of `list` (oldest first) the hot wallet can pay now, in order: each transfer's token amount
 * within the wallet's token balance and its estimated gas (at `fees`' max fee) within its BNB,
 * after what the outbox's open transactions may still spend (counted until final). A withdrawal the
 * wallet cannot pay waits with what is missing, and so does every later one of the same token (any
 * token, when gas is short): they are paid in order once funded. A transfer whose estimate reverts
 * with the tokens there would revert on chain: it fails (refunded) without being sent.
 */
async function fundedInOrder(
  tx: Tx,
  o: PayoutOptions,
  list: Payable[],
  fees: Fees,
): Promise<{
  ready: OutboxItem[];
  waiting: { id: number; was: WithdrawalHold | null; missing: { asset: string; amount: string }[] }[];
  failed: { id: number; reason: string }[];
}> {
  const hot = o.account.address;
  const wallet = hot.toLowerCase();
  // what the open transactions may still take: withdrawals' tokens, burns' FREE, everyone's gas
  const pending = await rows<{ asset: string; total: string }>(
    tx,
    sql`SELECT w.asset::text AS asset, sum(w.amount)::text AS total FROM withdrawals w
          JOIN hot_wallet_txs t ON t.kind = 'withdrawal' AND t.ref_id = w.id
          WHERE t.wallet = ${wallet} AND t.state IN ${sqlList(TX_OPEN)} GROUP BY w.asset
        UNION ALL
        SELECT 'FREE', sum(b.free_amount)::text FROM burn_batches b
          JOIN hot_wallet_txs t ON t.kind = 'burn' AND t.ref_id = b.id
          WHERE t.wallet = ${wallet} AND t.state IN ${sqlList(TX_OPEN)}`,
  );
  const open = await rows<{ raw_tx: Hex }>(
    tx,
    sql`SELECT raw_tx FROM hot_wallet_txs WHERE wallet = ${wallet} AND state IN ${sqlList(TX_IN_FLIGHT)}`,
  );
  let gasLeft = await o.client.getBalance({ address: hot, blockTag: 'latest' });
  for (const r of open) {
    const t = parseTransaction(r.raw_tx);
    gasLeft -= (t.gas ?? 0n) * (t.maxFeePerGas ?? 0n);
  }
  const left = new Map<Address, bigint>();
  const tokenLeft = async (w: Payable): Promise<bigint> => {
    const known = left.get(w.token);
    if (known !== undefined) return known;
    const held = await o.client.readContract({
      address: w.token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [hot],
    });
    const reserved = pending
      .filter((p) => p.asset === w.asset)
      .reduce((a, p) => a + BigInt(p.total ?? '0'), 0n);
    left.set(w.token, held - reserved);
    return held - reserved;
  };
  const ready: OutboxItem[] = [];
  const waiting: { id: number; was: WithdrawalHold | null; missing: { asset: string; amount: string }[] }[] =
    [];
  const failed: { id: number; reason: string }[] = [];
  // once short, what the waiting ones before need too: the operator sees the total to add
  const shortOf = new Map<Address, bigint>();
  let gasShort: bigint | null = null;
  for (const w of list) {
    const amount = BigInt(w.amount);
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [parseAddress(w.to_address, 'withdrawals.to_address'), amount],
    });
    const tokens = await tokenLeft(w);
    const short = shortOf.get(w.token);
    if (short !== undefined || amount > tokens) {
      const missing = (short ?? 0n) + (short === undefined ? amount - tokens : amount);
      shortOf.set(w.token, missing);
      waiting.push({ id: w.id, was: w.hold, missing: [{ asset: w.asset, amount: missing.toString() }] });
      continue;
    }
    let estimate: bigint;
    try {
      estimate = await o.client.estimateGas({ account: hot, to: w.token, data });
    } catch (err) {
      if (!reverts(err)) throw err;
      const why = (err as BaseError).shortMessage ?? (err as Error).message;
      failed.push({ id: w.id, reason: `the transfer would revert on chain: ${why}`.slice(0, 500) });
      continue;
    }
    const gas = estimate + (estimate * GAS_HEADROOM_PERCENT + 99n) / 100n;
    const cost = gas * fees.maxFeePerGas;
    if (gasShort !== null || cost > gasLeft) {
      gasShort = (gasShort ?? 0n) + (gasShort === null ? cost - gasLeft : cost);
      waiting.push({ id: w.id, was: w.hold, missing: [{ asset: 'BNB', amount: gasShort.toString() }] });
      continue;
    }
    gasLeft -= cost;
    left.set(w.token, tokens - amount);
    ready.push({ kind: 'withdrawal', refId: w.id, to: w.token, data, gas });
  }
  return { ready, waiting, failed };
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
