// Recharge: the server signs a Payment order (EIP-712) for the user to pay on chain; the indexer
// (server-chain) calls creditRecharge when the Paid event is final, which credits exactly once.
import { randomBytes } from 'node:crypto';
import { PAYMENT_ORDER_TYPES, paymentDomain } from '@free/protocol/typed-data';
import { and, desc, eq } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Config } from '../config.ts';
import type { DbHandle, Executor, Tx } from '../db/client.ts';
import { countRows } from '../db/count.ts';
import { rechargeOrders } from '../db/schema/index.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { amt, checksum, iso, isoOrNull } from '../lib/format.ts';
import { parseMoney, runCommand } from './command.ts';
import { systemAccount, transfer, userAccount } from './ledger.ts';

export { PAYMENT_ORDER_TYPES, paymentDomain };

type OrderRow = typeof rechargeOrders.$inferSelect;

export const rechargeView = (o: OrderRow, chainId: number, payment: string, now: Date) => ({
  orderId: o.orderId,
  payment: checksum(payment),
  chainId,
  payer: checksum(o.payer),
  token: checksum(o.token),
  to: checksum(o.toAddress),
  amount: amt(o.amount),
  amountWei: o.amount.toString(),
  burnBps: o.burnBps,
  endTime: Math.floor(o.endTime.getTime() / 1000),
  signature: o.signature,
  state: o.state === 'pending' && o.endTime.getTime() < now.getTime() ? ('expired' as const) : o.state,
  createdAt: iso(o.createdAt),
  paidAt: isoOrNull(o.paidAt),
  txHash: o.paidTxHash,
});

export type PaymentTerms = { treasury: Address; burnBps: bigint };

export async function createRechargeOrder(
  db: DbHandle,
  config: Config,
  input: {
    userId: number;
    userAddress: string;
    amount: string;
    now: Date;
    terms: () => Promise<PaymentTerms>;
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
      return { settings, value, d, terms };
    },
    run: async (tx, { settings, value, d, terms }) => {
      const orderId = `0x${randomBytes(32).toString('hex')}` as Hex;
      const endTime = BigInt(Math.floor(input.now.getTime() / 1000) + settings.recharge_order_ttl_sec);
      const payer = checksum(input.userAddress);
      const signature = await privateKeyToAccount(config.signerKey).signTypedData({
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
          endTime: new Date(Number(endTime) * 1000),
          signature,
          createdAt: input.now,
        })
        .returning();
      if (!row) throw new Error('recharge insert returned nothing');
      return rechargeView(row, config.chainId, d.payment, input.now);
    },
  });
}

export async function listRechargeOrders(
  db: Executor,
  config: Config,
  userId: number,
  page: number,
  size: number,
  now: Date,
) {
  const rows = await db
    .select()
    .from(rechargeOrders)
    .where(eq(rechargeOrders.userId, userId))
    .orderBy(desc(rechargeOrders.createdAt))
    .limit(size)
    .offset((page - 1) * size);
  const count = await countRows(db, rechargeOrders, eq(rechargeOrders.userId, userId));
  const payment = config.deployment?.payment ?? '0x0000000000000000000000000000000000000000';
  return {
    list: rows.map((r) => rechargeView(r, config.chainId, payment, now)),
    total: count,
    page,
    size,
  };
}

export type CreditResult =
  | { credited: true; userId: number; amount: bigint }
  | { credited: false; reason: 'unknown_order' | 'already_paid' | 'wrong_payer' | 'wrong_token' };

/**
 * Credits a paid order to the user's wallet, once (idempotent by orderId): called by the indexer in
 * its own transaction when the Payment `Paid` event is final. Credits what arrived (`paidAmount`),
 * never more than the order's amount.
 */
export async function creditRecharge(
  tx: Tx,
  orderId: string,
  paid: { payer: string; token: string; paidAmount: bigint; txHash: string; paidAt: Date },
): Promise<CreditResult> {
  const id = orderId.toLowerCase();
  const [o] = await tx.select().from(rechargeOrders).where(eq(rechargeOrders.orderId, id)).for('update');
  if (!o) return { credited: false, reason: 'unknown_order' };
  if (o.state === 'paid') return { credited: false, reason: 'already_paid' };
  if (o.payer !== paid.payer.toLowerCase()) return { credited: false, reason: 'wrong_payer' };
  if (o.token !== paid.token.toLowerCase()) return { credited: false, reason: 'wrong_token' };
  const amount = paid.paidAmount < o.amount ? paid.paidAmount : o.amount;
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
    .set({ state: 'paid', paidTxHash: paid.txHash, paidAmount: paid.paidAmount, paidAt: paid.paidAt })
    .where(and(eq(rechargeOrders.orderId, id), eq(rechargeOrders.state, o.state)));
  return { credited: true, userId: o.userId, amount };
}
