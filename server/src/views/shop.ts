// Shop answers: a product, an order, and an order with its buyer for the operator.
import type { AdminShopOrder, adminProduct } from '@free/protocol/api/admin';
import type * as api from '@free/protocol/api/shop';
import type { z } from 'zod';
import { amt, checksum, iso, isoOrNull } from '../lib/format.ts';
import type { StoredMachine } from '../services/machines.ts';
import type { Product, ShopOrder, ShopOrderOfBuyer, StoredProduct } from '../services/shop.ts';

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

/** A catalogue entry as stored, names in every language (operator console; machines add theirs). */
export const toAdminProductView = (r: StoredProduct | StoredMachine): z.infer<typeof adminProduct> => ({
  id: r.id,
  code: r.code,
  name: r.name as Record<string, string>,
  description: r.description as Record<string, string>,
  image: r.image,
  asset: r.asset,
  price: amt(r.price),
  stock: r.stock,
  sort: r.sort,
  active: r.active,
});
