// Huan Li Bao: subscribe, redeem, orders and income figures (server: routes/product/hlb.ts).
import { z } from 'zod';
import { amountText, isoTime, pageOf, pageQuery, rowId, typedAmount } from './common.ts';

/** figures of one income kind */
const fig = z.object({ today: amountText, yesterday: amountText, total: amountText });

// ---- Huan Li Bao ----
export const hlbSubscribeBody = z.object({
  product: z.string().regex(/^[a-z0-9_]{1,32}$/),
  amount: typedAmount,
});
export const hlbRedeemBody = z.object({ orderId: rowId });
export const hlbOrder = z.object({
  id: z.number().int(),
  product: z.string(),
  amount: amountText,
  dailyRatePpm: z.number().int(),
  lockDays: z.number().int(),
  state: z.enum(['active', 'redeemed']),
  startedAt: isoTime,
  maturesAt: isoTime,
  redeemable: z.boolean(),
  staticTotal: amountText,
  daysAccrued: z.number().int(),
  redeemedAt: isoTime.nullable(),
});
export const hlbOrdersQuery = pageQuery;
export const hlbOrdersData = pageOf(hlbOrder).extend({
  /** principal of active orders */
  principal: amountText,
  static: fig,
  dynamic: fig,
  products: z.array(
    z.object({
      code: z.string(),
      dailyRatePpm: z.number().int(),
      lockDays: z.number().int(),
      min: amountText,
      max: amountText,
    }),
  ),
});
