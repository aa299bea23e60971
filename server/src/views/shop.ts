// Shop answers: a product, an order, and an order with its buyer for the operator.
import type { AdminShopOrder } from '@free/protocol/api/admin';
import type * as api from '@free/protocol/api/shop';
import type { z } from 'zod';
import { amt, checksum, iso, isoOrNull } from '../lib/format.ts';
import type { Product, ShopOrder, ShopOrderOfBuyer } from '../services/shop.ts';

/** A shop order as the API answers it. */
export const toShopOrderView = (o: ShopOrder): z.infer<typeof api.shopOrder> => ({
  id: o.id,
  productId: o.productId,
  name: o.name,
  quantity: o.quantity,
  asset: o.asset,
  unitPrice: amt(o.unitPrice),
  total: amt(o.total),
  state: o.state,
  createdAt: iso(o.createdAt),
  paidAt: isoOrNull(o.paidAt),
  shippedAt: isoOrNull(o.shippedAt),
  completedAt: isoOrNull(o.completedAt),
  cancelledAt: isoOrNull(o.cancelledAt),
});

/** A shop order with its buyer as the operator console answers it. */
export const toAdminShopOrderView = (o: ShopOrderOfBuyer): AdminShopOrder => ({
  ...toShopOrderView(o),
  userId: o.userId,
  address: checksum(o.address),
});

/** A product as the API answers it: sold out once its stock (when limited) is gone. */
export const toProductView = (p: Product): z.infer<typeof api.shopProduct> => ({
  id: p.id,
  code: p.code,
  name: p.name,
  description: p.description,
  image: p.image,
  asset: p.asset,
  price: amt(p.price),
  stock: p.stock,
  soldOut: p.stock !== null && p.stock <= 0,
});
