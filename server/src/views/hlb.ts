// Huan Li Bao answers: an order, and the income figures of the order list.
import type * as api from '@free/protocol/api/hlb';
import type { z } from 'zod';
import { amt, iso, isoOrNull } from '../lib/format.ts';
import type { HlbIncomeFigure, HlbOrder, hlbOrdersOf } from '../services/hlb.ts';

type HlbOrders = Awaited<ReturnType<typeof hlbOrdersOf>>;

/** A Huan Li Bao order as the API answers it: redeemable once active and past its lock. */
export const toHlbOrderView = (o: HlbOrder, now: Date): z.infer<typeof api.hlbOrder> => ({
  id: o.id,
  product: o.product,
  amount: amt(o.amount),
  dailyRatePpm: o.dailyRatePpm,
  lockDays: o.lockDays,
  state: o.state,
  startedAt: iso(o.startedAt),
  maturesAt: iso(o.maturesAt),
  redeemable: o.state === 'active' && now.getTime() >= o.maturesAt.getTime(),
  staticTotal: amt(o.staticTotal),
  daysAccrued: o.daysAccrued,
  redeemedAt: isoOrNull(o.redeemedAt),
});

const toFigureView = (f: HlbIncomeFigure) => ({
  today: amt(f.today),
  yesterday: amt(f.yesterday),
  total: amt(f.total),
});

/** The order list with the user's principal, income figures and the products on offer. */
export const toHlbOrdersView = (r: HlbOrders, now: Date): z.infer<typeof api.hlbOrdersData> => ({
  ...r,
  principal: amt(r.principal),
  static: toFigureView(r.static),
  dynamic: toFigureView(r.dynamic),
  products: r.products.map((p) => ({ ...p, min: amt(p.min), max: amt(p.max) })),
  list: r.list.map((o) => toHlbOrderView(o, now)),
});
