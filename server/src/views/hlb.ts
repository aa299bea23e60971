// Huan Li Bao answers: an order, and the income figures of the order list.
import type * as api from '@free/protocol/api/hlb';
import type { z } from 'zod';
import { amt, iso, isoOrNull } from '../lib/format.ts';
import type { HlbIncomeFigure, HlbOrder } from '../services/hlb.ts';

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

export const toFigureView = (f: HlbIncomeFigure) => ({
  today: amt(f.today),
  yesterday: amt(f.yesterday),
  total: amt(f.total),
});
