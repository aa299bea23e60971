// Ignition (burning FREE once) and the burn records (server: routes/product/ignition.ts).
import { z } from 'zod';
import { amountText, isoTime, pageOf, pageQuery } from './common.ts';

// ---- burn records ----
export const burnRecord = z.object({
  id: z.string(),
  /** ignition | stake_fee | pool_burn (off chain, burned on chain by the burn job) | payment (on chain) */
  type: z.string(),
  level: z.number().int(),
  /** FREE burned */
  quantity: amountText,
  /** USDT equivalent */
  usdt: amountText,
  /** waiting for on-chain confirmation */
  pending: z.boolean(),
  onChain: z.boolean(),
  txHash: z.string().nullable(),
  time: isoTime,
});
export type BurnRecord = z.infer<typeof burnRecord>;
export const burnRecordsQuery = pageQuery;
export const burnRecordsData = pageOf(burnRecord).extend({ totalFree: amountText });
export type BurnRecordsData = z.infer<typeof burnRecordsData>;

// ---- GET /api/user/fire ----
export const fireInfoData = z.object({
  ignited: z.boolean(),
  ignitedAt: isoTime.nullable(),
  /** FREE to burn to ignite */
  requiredFree: amountText,
  walletFree: amountText,
  /** the ignition module is open */
  open: z.boolean(),
  burnedTotal: amountText,
  /** latest burn records (the full list: /api/user/burn/records) */
  records: z.array(burnRecord),
});
export type FireInfoData = z.infer<typeof fireInfoData>;

// ---- POST /api/user/fire/ignite ----
export const igniteData = z.object({ ignited: z.literal(true), ignitedAt: isoTime, burned: amountText });
export type IgniteData = z.infer<typeof igniteData>;
