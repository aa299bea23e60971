// Staking answers: an order (in the order list, a purchase, a redemption, the operator's user lookup).
import { amt, iso, isoOrNull } from '../lib/format.ts';
import type { OrderView } from '../services/staking-orders.ts';

/** A staking order as the API answers it (also in the operator's user lookup). */
export const toStakeOrderView = (o: OrderView) => ({
  ...o,
  amount: amt(o.amount),
  fee: amt(o.fee),
  principal: amt(o.principal),
  reward: amt(o.reward),
  currentProfit: amt(o.currentProfit),
  totalRevenue: amt(o.totalRevenue),
  bonusFcc: amt(o.bonusFcc),
  pledgeTime: iso(o.pledgeTime),
  dueTime: iso(o.dueTime),
  redeemedAt: isoOrNull(o.redeemedAt),
  redeemedAmount: o.redeemedAmount === null ? null : amt(o.redeemedAmount),
  interestHeld: amt(o.interestHeld),
});

/** The user's redemptions, one page, with what was redeemed and what can be. */
export const toRedemptionsView = (
  r: { list: OrderView[]; total: number; redeemedTotal: bigint; redeemableTotal: bigint },
  page: { page: number; size: number },
) => ({
  list: r.list.map(toStakeOrderView),
  total: r.total,
  page: page.page,
  size: page.size,
  redeemedTotal: amt(r.redeemedTotal),
  redeemableTotal: amt(r.redeemableTotal),
});
