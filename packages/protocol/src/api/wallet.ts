// Money-moving endpoints: withdrawal (to the bound wallet) and recharge (signed Payment orders).
import { z } from 'zod';
import { WITHDRAW_COINS, WITHDRAW_STATES } from '../withdraw.ts';
import { address, amountText, hex, isoTime, pageOf, pageQuery, weiText } from './common.ts';

// The coin and state lists live with the withdrawal rules (../withdraw.ts); the API names them here too.
export { WITHDRAW_COINS, WITHDRAW_STATES, type WithdrawCoin, type WithdrawState } from '../withdraw.ts';

/** Money-moving POSTs take this header; a retry with the same key does the work once. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{8,128}$/, 'must be 8–128 characters of A-Z a-z 0-9 _ . : -')
    .optional(),
});

// ---- POST /api/user/withdraw/apply ----
export const withdrawBody = z.object({
  /** decimal string in token units, cleaned by the client (docs/business-rules.md "Amounts") */
  amount: z.string().max(80),
  /** USDT from the wallet balance, FREE from the airdrop balance */
  coin: z.enum(WITHDRAW_COINS).default('USDT'),
  /** optional: when given it must be the signed-in address (withdrawals go to the bound wallet only) */
  address: address.optional(),
});
export type WithdrawBody = z.input<typeof withdrawBody>;

export const withdrawItem = z.object({
  id: z.number().int(),
  coin: z.string(),
  amount: amountText,
  to: address,
  state: z.enum(WITHDRAW_STATES),
  /** queued/signed/broadcast show 'waiting for on-chain confirmation' */
  pending: z.boolean(),
  txHash: z.string().nullable(),
  createdAt: isoTime,
  confirmedAt: isoTime.nullable(),
  /** the operator's reason when a withdrawal in review was rejected (and refunded) */
  rejectReason: z.string().nullable(),
});
export type WithdrawItem = z.infer<typeof withdrawItem>;
/** @alias */
export const withdrawData = withdrawItem;
export const withdrawListQuery = pageQuery;
export const withdrawListData = pageOf(withdrawItem);

// ---- POST /api/user/recharge/create ----
export const rechargeBody = z.object({ amount: z.string().max(80) });
/** Arguments of `Payment.payment(orderId, token, amount, endTime, signature)`, signed by the backend. */
export const rechargeOrder = z.object({
  orderId: hex,
  payment: address,
  chainId: z.number().int(),
  payer: address,
  token: address,
  to: address,
  amount: amountText,
  amountWei: weiText,
  burnBps: z.number().int(),
  /** share returned to the payer's address by Payment (not credited to the wallet) */
  executorRewardBps: z.number().int(),
  /** the deductions and the wallet credit: expected at the order's rates, or credited once paid */
  burn: amountText,
  executorReward: amountText,
  credit: amountText,
  /** unix seconds */
  endTime: z.number().int(),
  signature: hex,
  state: z.enum(['pending', 'paid', 'expired']),
  createdAt: isoTime,
  paidAt: isoTime.nullable(),
  txHash: z.string().nullable(),
});
export type RechargeOrder = z.infer<typeof rechargeOrder>;
export const rechargeListQuery = pageQuery;
export const rechargeListData = pageOf(rechargeOrder);
