// Recharge: the server signs a Payment order (EIP-712) for the user to pay on chain; the indexer
// (server-chain) calls creditRecharge when the Paid event is final, which credits exactly once.
import { randomBytes } from 'node:crypto';
import { parseHex } from '@free/protocol/address';
import type { UnmatchedReason } from '@free/protocol/api/admin';
import { rechargeCredit } from '@free/protocol/recharge';
import { PAYMENT_ORDER_TYPES, paymentDomain } from '@free/protocol/typed-data';
import { and, desc, eq } from 'drizzle-orm';
import type { Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type ChainTime, signingNow } from '../chain/chain-time.ts';
import type { Config } from '../config.ts';
import type { DbHandle, Executor, Tx } from '../db/client.ts';
import { countRows } from '../db/count.ts';
import { rechargeOrders } from '../db/schema/index.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { checksum } from '../lib/format.ts';
import { parseMoney, runCommand } from './command.ts';
import { systemAccount, transfer, userAccount } from './ledger.ts';

export { PAYMENT_ORDER_TYPES, paymentDomain };

type OrderRow = typeof rechargeOrders.$inferSelect;

/** A recharge order as stored (the Payment order the server signed, and its payment once credited). */
export type RechargeOrder = OrderRow;

export type PaymentTerms = { treasury: Address; burnBps: bigint; executorRewardBps: bigint };

export async function createRechargeOrder(
  db: DbHandle,
  config: Config,
  input: {
    userId: number;
    userAddress: string;
    amount: string;
    now: Date;
    terms: () => Promise<PaymentTerms>;
    /** the chain's clock: the order's endTime counts from it when it is ahead of `now` */
    chainTime?: ChainTime;
  },
) {
  return runCommand(db, {
    module: 'recharge',
    userId: input.userId,
    route: 'recharge/order',
    parse: async (settings) => {
      const value = parseMoney(input.amount, {
        kind: 'recharge',
        max: BigInt(settings.max_recharge_wei),
        min: BigInt(settings.min_amount_wei),
      });
      const d = config.deployment;
      if (!d) throw new AppError(ErrorCode.ChainUnavailable, undefined, 'no deployment file');
      let terms: PaymentTerms;
      try {
        terms = await input.terms();
      } catch (err) {
        throw new AppError(ErrorCode.ChainUnavailable, undefined, `payment terms: ${(err as Error).message}`);
      }
      const signedFrom = await signingNow(input.now, input.chainTime);
      return { settings, value, d, terms, signedFrom };
    },
    run: async (tx, { settings, value, d, terms, signedFrom }): Promise<RechargeOrder> => {
      const orderId = parseHex(`0x${randomBytes(32).toString('hex')}`, 'order id', 32);
      const endTime = BigInt(Math.floor(signedFrom.getTime() / 1000) + settings.recharge_order_ttl_sec);
      const payer = checksum(input.userAddress);
      const signer = privateKeyToAccount(config.signerKey);
      const signature = await signer.signTypedData({
        domain: paymentDomain(config.chainId, d.payment),
        types: PAYMENT_ORDER_TYPES,
        primaryType: 'Order',
        message: {
          orderId,
          payer,
          token: d.usdt,
          to: terms.treasury,
          amount: value,
          burnBps: terms.burnBps,
          endTime,
        },
      });
      const [row] = await tx
        .insert(rechargeOrders)
        .values({
          orderId,
          userId: input.userId,
          payer: payer.toLowerCase(),
          token: d.usdt.toLowerCase(),
          toAddress: terms.treasury.toLowerCase(),
          asset: 'USDT',
          amount: value,
          burnBps: Number(terms.burnBps),
          executorRewardBps: Number(terms.executorRewardBps),
          endTime: new Date(Number(endTime) * 1000),
          signature,
          signer: signer.address,
          createdAt: input.now,
        })
        .returning();
      if (!row) throw new Error('recharge insert returned nothing');
      return row;
    },
  });
}

/** A page of the user's recharge orders, newest first. */
export async function listRechargeOrders(db: Executor, userId: number, page: number, size: number) {
  const rows = await db
    .select()
    .from(rechargeOrders)
    .where(eq(rechargeOrders.userId, userId))
    .orderBy(desc(rechargeOrders.createdAt))
    .limit(size)
    .offset((page - 1) * size);
  const count = await countRows(db, rechargeOrders, eq(rechargeOrders.userId, userId));
  return { list: rows, total: count, page, size };
}

/** A repeat of a paid order, or a reason the payment is kept as unmatched for the operator. */
export type CreditRefusal = 'already_paid' | UnmatchedReason;
export type CreditResult =
  | { credited: true; userId: number; amount: bigint }
  | { credited: false; reason: CreditRefusal };

export type PaidFigures = {
  payer: string;
  token: string;
  /** receiver of the remainder (must be the order's treasury) */
  to: string;
  /** what arrived in Payment */
  paidAmount: bigint;
  burned: bigint;
  executorReward: bigint;
  txHash: string;
  paidAt: Date;
};

/**
 * Credits a paid order to the user's wallet, once (idempotent by orderId): called by the indexer in
 * its own transaction when the Payment `Paid` event is final. Credits what reached the treasury
 * (what arrived minus the burn share and the executor reward), never more than the order's amount,
 * so a recharge can never credit more than the platform received.
 */
export async function creditRecharge(tx: Tx, orderId: string, paid: PaidFigures): Promise<CreditResult> {
  const id = orderId.toLowerCase();
  const [o] = await tx.select().from(rechargeOrders).where(eq(rechargeOrders.orderId, id)).for('update');
  if (!o) return { credited: false, reason: 'unknown_order' };
  if (o.state === 'paid') return { credited: false, reason: 'already_paid' };
  if (o.payer !== paid.payer.toLowerCase()) return { credited: false, reason: 'wrong_payer' };
  if (o.token !== paid.token.toLowerCase()) return { credited: false, reason: 'wrong_token' };
  if (o.toAddress !== paid.to.toLowerCase()) return { credited: false, reason: 'wrong_recipient' };
  const amount = rechargeCredit(o.amount, {
    amount: paid.paidAmount,
    burned: paid.burned,
    executorReward: paid.executorReward,
  });
  if (amount > 0n) {
    await transfer(tx, {
      key: `recharge:${id}`,
      from: systemAccount('recharge'),
      to: userAccount(o.userId, 'wallet'),
      asset: 'USDT',
      amount,
      kind: 'recharge',
      ref: id,
    });
  }
  await tx
    .update(rechargeOrders)
    .set({
      state: 'paid',
      paidTxHash: paid.txHash,
      paidAmount: paid.paidAmount,
      creditedAmount: amount,
      executorReward: paid.executorReward,
      paidAt: paid.paidAt,
    })
    .where(and(eq(rechargeOrders.orderId, id), eq(rechargeOrders.state, o.state)));
  return { credited: true, userId: o.userId, amount };
}

/** The indexer's `onPaid`: credits a final `Paid` event with the figures it carries. */
export const creditPaidEvent = (
  tx: Tx,
  e: {
    orderId: string;
    payer: string;
    token: string;
    to: string;
    amount: bigint;
    burned: bigint;
    executorReward: bigint;
    txHash: string;
    at: Date;
  },
): Promise<CreditResult> =>
  creditRecharge(tx, e.orderId, {
    payer: e.payer,
    token: e.token,
    to: e.to,
    paidAmount: e.amount,
    burned: e.burned,
    executorReward: e.executorReward,
    txHash: e.txHash,
    paidAt: e.at,
  });
