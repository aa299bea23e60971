// The shop: products, orders, cancel, FCC records (server: routes/product/shop.ts).
import { z } from 'zod';
import { amountText, asset, isoTime, pageOf, pageQuery, rowId } from './common.ts';
import { ledgerKind } from './ledger-kinds.ts';

// ---- shop ----
export const shopProduct = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  asset,
  /** price of one share */
  price: amountText,
  stock: z.number().int().nullable(),
  soldOut: z.boolean(),
});
export const shopProductQuery = z.object({ id: rowId });
export const shopProductsData = z.object({ list: z.array(shopProduct) });
export const SHOP_ORDER_STATES = ['ordered', 'paid', 'shipped', 'completed', 'cancelled'] as const;
/** quantity = number of shares (an empty entry is refused with EnterShares) */
export const shopOrderBody = z.object({
  productId: rowId,
  quantity: z.coerce.number().int().min(0).max(1_000_000),
});
export const shopCancelBody = z.object({ orderId: rowId });
export const shopOrder = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  asset,
  unitPrice: amountText,
  total: amountText,
  state: z.enum(SHOP_ORDER_STATES),
  createdAt: isoTime,
  paidAt: isoTime.nullable(),
  shippedAt: isoTime.nullable(),
  completedAt: isoTime.nullable(),
  cancelledAt: isoTime.nullable(),
});
export const shopOrdersQuery = pageQuery;
export const shopOrdersData = pageOf(shopOrder);
export const fccRecord = z.object({
  id: z.number().int(),
  time: isoTime,
  kind: ledgerKind,
  account: z.string(),
  /** signed: positive in, negative out */
  amount: amountText,
  ref: z.string().nullable(),
});
export const fccRecordsQuery = pageQuery;
export const fccRecordsData = pageOf(fccRecord);
