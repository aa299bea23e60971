// Reconciliation: what the ledger owes users in USDT and FREE against what the platform holds on
// chain for them (the payout hot wallet and the Payment treasury). Used by `npm run ops -- reconcile`
// and meant for the operator console.

import { paymentAbi } from '@free/protocol/abi/index';
import { parseAddress } from '@free/protocol/address';
import { canCancel } from '@free/protocol/shop';
import { sql } from 'drizzle-orm';
import { type Address, erc20Abi, type Hex, type PublicClient, TransactionReceiptNotFoundError } from 'viem';
import type { Config } from '../config.ts';
import { type Executor, rows, sqlList } from '../db/client.ts';
import { SHOP_ORDER_STATES } from '../db/schema/shop.ts';
import { owedWithdrawal } from './withdraw.ts';

export const RECONCILED_TOKENS = ['USDT', 'FREE'] as const;

/** Shop orders whose cancellation refunds the buyer: paid, and still cancellable. */
const REFUNDABLE_SHOP_STATES = SHOP_ORDER_STATES.filter((s) => s !== 'ordered' && canCancel(s));
export type ReconciledToken = (typeof RECONCILED_TOKENS)[number];

export type Reconciliation = {
  token: ReconciledToken;
  /**
   * user balances (every user account), withdrawals debited but not yet paid on chain, and what
   * users can still take back from system:fees (HLB principal, open bets, refundable shop orders)
   */
  owed: bigint;
  /** hot wallet + treasury balances on chain */
  held: bigint;
  /** owed − held when positive, else 0 */
  short: bigint;
  /**
   * withdrawals of the token refunded and then paid on chain all the same (hold
   * `paid_after_refund`): each is money paid twice, part of any shortfall
   */
  paidAfterRefund: number;
};

export type ReconcileChain = {
  client: PublicClient;
  tokens: Record<ReconciledToken, Address>;
  hotWallet: Address;
  /** the Payment contract: its current treasury() is read at each reconciliation */
  payment: Address;
};

/** The chain side for a configured server; null without a deployment file. */
export function reconcileChainFor(
  config: Pick<Config, 'deployment' | 'hotWalletAddress'>,
  client: PublicClient,
): ReconcileChain | null {
  const d = config.deployment;
  if (!d) return null;
  return {
    client,
    tokens: { USDT: d.usdt, FREE: d.free },
    hotWallet: config.hotWalletAddress,
    payment: d.payment,
  };
}

/** Whether one of the hashes has a successful receipt (the tokens already left the hot wallet). */
async function paidOnChain(client: PublicClient, hashes: Hex[]): Promise<boolean> {
  for (const hash of hashes) {
    try {
      if ((await client.getTransactionReceipt({ hash })).status === 'success') return true;
    } catch (err) {
      if (!(err instanceof TransactionReceiptNotFoundError)) throw err;
    }
  }
  return false;
}

/** What one user can claim, per token (wei). */
export type UserClaim = Record<ReconciledToken, bigint>;

/**
 * What the ledger owes each user per token: every user account's balance, every claim a user can
 * still make on system:fees (active Huan Li Bao principal, bets of open rounds, paid shop orders
 * that can still be cancelled), plus each withdrawal debited from a user that the hot wallet may still pay
 * (services/withdraw.ts owedWithdrawal, the burn job's too) whose transfer has not been mined successfully yet — once
 * mined, the tokens are no longer in the hot wallet and no longer owed. Users with no row at all
 * are absent. The proof of liabilities (services/liabilities.ts) counts exactly these.
 */
export async function userClaims(db: Executor, client: PublicClient): Promise<Map<number, UserClaim>> {
  const out = new Map<number, UserClaim>();
  const add = (userId: number, asset: ReconciledToken, amount: bigint) => {
    let c = out.get(userId);
    if (!c) {
      c = { USDT: 0n, FREE: 0n };
      out.set(userId, c);
    }
    c[asset] += amount;
  };
  // one row per token, its users and totals as text: PGlite decodes a row per user and token (200,000
  // at 100,000 users) many times slower than the same text in two rows (docs/benchmarks.md, proof of
  // liabilities)
  const balances = await rows<{ asset: ReconciledToken; users: string; totals: string }>(
    db,
    sql`SELECT asset, string_agg(user_id::text, ',' ORDER BY user_id) AS users,
          string_agg(total, ',' ORDER BY user_id) AS totals
        FROM (SELECT user_id, asset, COALESCE(SUM(amount), 0)::text AS total FROM balances
              WHERE user_id IS NOT NULL AND asset IN ${[...RECONCILED_TOKENS]} GROUP BY user_id, asset) b
        GROUP BY asset`,
  );
  for (const b of balances) {
    const totals = b.totals.split(',');
    for (const [i, user] of b.users.split(',').entries()) add(Number(user), b.asset, BigInt(totals[i] ?? ''));
  }
  // what users paid into system:fees and can still take back: Huan Li Bao principal (redeemable),
  // bets of rounds not settled yet (paid out or refunded), paid shop orders not shipped yet
  // (refunded on cancel)
  const claims = await rows<{ user_id: number; asset: ReconciledToken; total: string }>(
    db,
    sql`SELECT user_id, asset, COALESCE(SUM(amount), 0)::text AS total FROM (
          SELECT user_id, 'USDT'::asset AS asset, amount FROM hlb_orders WHERE state = 'active'
          UNION ALL SELECT user_id, 'USDT', amount FROM round_bets WHERE state = 'open'
          UNION ALL SELECT user_id, asset, total FROM shop_orders WHERE state IN ${sqlList(REFUNDABLE_SHOP_STATES)}
        ) c WHERE asset IN ${[...RECONCILED_TOKENS]} GROUP BY user_id, asset`,
  );
  for (const c of claims) add(Number(c.user_id), c.asset, BigInt(c.total));
  const open = await rows<{ user_id: number; asset: ReconciledToken; amount: string; hashes: Hex[] | null }>(
    db,
    sql`SELECT withdrawals.user_id, withdrawals.asset, withdrawals.amount::text,
          (SELECT array_agg(DISTINCT h) FROM (
             SELECT withdrawals.tx_hash AS h WHERE withdrawals.tx_hash IS NOT NULL
             UNION SELECT v.tx_hash FROM hot_wallet_tx_versions v JOIN hot_wallet_txs o ON o.id = v.outbox_id
               WHERE o.kind = 'withdrawal' AND o.ref_id = withdrawals.id) hs) AS hashes
        FROM withdrawals
        WHERE ${owedWithdrawal} AND withdrawals.asset IN ${[...RECONCILED_TOKENS]}`,
  );
  for (const w of open) {
    if (w.hashes?.length && (await paidOnChain(client, w.hashes))) continue;
    add(Number(w.user_id), w.asset, BigInt(w.amount));
  }
  return out;
}

/** What the ledger owes per token: the sum of every user's claims (userClaims). */
export async function ledgerOwed(
  db: Executor,
  client: PublicClient,
): Promise<Record<ReconciledToken, bigint>> {
  const owed: Record<ReconciledToken, bigint> = { USDT: 0n, FREE: 0n };
  for (const c of (await userClaims(db, client)).values()) {
    owed.USDT += c.USDT;
    owed.FREE += c.FREE;
  }
  return owed;
}

/** Balances of the hot wallet and the treasury (counted once if they are the same address). */
export async function chainHeld(chain: ReconcileChain): Promise<Record<ReconciledToken, bigint>> {
  const treasury = await chain.client.readContract({
    address: chain.payment,
    abi: paymentAbi,
    functionName: 'treasury',
  });
  const holders = [
    ...new Set([chain.hotWallet.toLowerCase(), parseAddress(treasury, 'Payment.treasury').toLowerCase()]),
  ];
  const held: Record<ReconciledToken, bigint> = { USDT: 0n, FREE: 0n };
  for (const token of RECONCILED_TOKENS) {
    for (const holder of holders) {
      held[token] += await chain.client.readContract({
        address: chain.tokens[token],
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [parseAddress(holder)],
      });
    }
  }
  return held;
}

/** Owed, held and shortfall per token. */
export async function reconcile(db: Executor, chain: ReconcileChain): Promise<Reconciliation[]> {
  const [owed, held] = await Promise.all([ledgerOwed(db, chain.client), chainHeld(chain)]);
  const twice = await rows<{ asset: string; n: number }>(
    db,
    sql`SELECT asset, count(*)::int AS n FROM withdrawals WHERE hold->>'kind' = 'paid_after_refund' GROUP BY asset`,
  );
  return RECONCILED_TOKENS.map((token) => {
    const gap = owed[token] - held[token];
    const paidAfterRefund = Number(twice.find((t) => t.asset === token)?.n ?? 0);
    return { token, owed: owed[token], held: held[token], short: gap > 0n ? gap : 0n, paidAfterRefund };
  });
}
