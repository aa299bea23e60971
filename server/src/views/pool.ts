// Chain pool answers: an order, a contribution, a collect, the user's contributions, the public stats.
import type * as api from '@free/protocol/api/pool';
import type { z } from 'zod';
import { amt, iso } from '../lib/format.ts';
import type { Contribution, MyContributions, PoolCollected, PoolOrder, PoolStats } from '../services/pool.ts';

/** A chain-pool order as the API answers it. */
export const toPoolOrderView = (o: PoolOrder): z.infer<typeof api.poolOrder> => ({
  id: o.id,
  contributionId: o.contributionId,
  amount: amt(o.amount),
  burnValue: amt(o.burnValue),
  freeBurned: amt(o.freeBurned),
  freePrice: amt(o.freePrice),
  level: o.levelAfter,
  state: o.state,
  createdAt: iso(o.createdAt),
});

/** A chain-pool contribution as the API answers it (also in the contribution record). */
export const toContributionView = (
  c: Contribution,
): z.infer<typeof api.poolContributionsData>['list'][number] => ({
  id: c.id,
  time: iso(c.createdAt),
  amount: amt(c.amount),
  freeBurned: amt(c.freeBurned),
  level: c.level,
  txHash: c.txHash,
});

/** What a collect moved, and the balances after it, as the API answers it. */
export const toPoolCollectView = (c: PoolCollected): api.PoolCollect => ({
  moved: amt(c.moved),
  pool: amt(c.pool),
  wallet: amt(c.wallet),
});

/** The user's contributions: the page, its total, and what the next level needs. */
export const toMyContributionsView = (r: MyContributions): z.infer<typeof api.poolContributionsData> => ({
  ...r,
  total: amt(r.total),
  nextLevelAt: r.nextLevelAt === null ? null : amt(r.nextLevelAt),
  list: r.list.map(toContributionView),
});

/** The pool's public figures (the pie chart's classes). */
export const toPoolStatsView = (r: PoolStats): z.infer<typeof api.poolStatsData> => ({
  ...r,
  totalAmount: amt(r.totalAmount),
  totalFreeBurned: amt(r.totalFreeBurned),
  incomePaid: amt(r.incomePaid),
  classes: r.classes.map((c) => ({ ...c, min: amt(c.min), amount: amt(c.amount) })),
});
