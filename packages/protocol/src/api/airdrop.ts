// Airdrop and presale allocations, their unlocks, and the quota (server: routes/product/airdrop.ts).
import { z } from 'zod';
import { amountText, isoTime, pageOf, pageQuery } from './common.ts';

// ---- GET /api/user/airdrop ----
export const allocationKind = z.enum(['airdrop', 'presale']);
export const airdropQuery = z.object({ kind: allocationKind.default('airdrop') });
export const airdropData = z.object({
  kind: allocationKind,
  /** all users' allocations of this kind */
  totalAllocation: amountText,
  personal: amountText,
  released: amountText,
  yesterday: amountText,
  today: amountText,
  unlockTime: isoTime.nullable(),
  endTime: isoTime.nullable(),
  /** ms to the end time (0 when ended or none) */
  countdownMs: z.number().int(),
  ended: z.boolean(),
});

// ---- GET /api/user/airdrop/unlocks ----
export const unlocksQuery = pageQuery.extend({ kind: allocationKind.optional() });
export const unlockItem = z.object({
  allocationId: z.number().int(),
  kind: allocationKind,
  day: z.string(),
  amount: amountText,
  time: isoTime,
});
export const unlocksData = pageOf(unlockItem);

// ---- GET /api/user/quota ----
export const quotaData = z.object({
  total: amountText,
  /** still locked */
  reserved: amountText,
  /** released so far */
  deducted: amountText,
  /** USDT paid for presale allocations */
  paymentAmount: amountText,
  presale: amountText,
  airdrop: amountText,
});

// ---- GET /api/user/presale, POST /api/user/presale/buy ----
export const presaleInfo = z.object({
  open: z.boolean(),
  /** USDT per FREE */
  price: amountText,
  /** FREE for sale in total, sold so far (all users), and left */
  quota: amountText,
  sold: amountText,
  remaining: amountText,
  /** most FREE one user may hold in presale allocations, and what this user holds */
  maxPerUser: amountText,
  mine: amountText,
  /** USDT limits of one purchase */
  minUsdt: amountText,
  maxUsdt: amountText,
  /** days from the purchase to the first unlock, and over how many days it unlocks linearly */
  unlockAfterDays: z.number().int(),
  unlockDays: z.number().int(),
});
export const presaleBuyBody = z.object({ amount: z.string().describe('USDT to pay, decimal') });
export const presaleBuyData = z.object({
  allocationId: z.number().int(),
  /** FREE allocated */
  free: amountText,
  paidUsdt: amountText,
  unlockTime: isoTime,
  endTime: isoTime,
});
