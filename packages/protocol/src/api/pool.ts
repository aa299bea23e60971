// The chain pool: contribute, contributions, pool orders, public stats (server: routes/product/pool.ts).
import { z } from 'zod';
import { amountText, isoTime, pageOf, pageQuery, typedAmount } from './common.ts';

// ---- chain pool ----
export const poolContributeBody = z.object({ amount: typedAmount });
export const poolOrder = z.object({
  id: z.number().int(),
  contributionId: z.number().int(),
  amount: amountText,
  /** USDT value whose FREE equivalent was burned */
  burnValue: amountText,
  freeBurned: amountText,
  /** USDT per FREE used for the burn */
  freePrice: amountText,
  level: z.number().int(),
  state: z.enum(['completed']),
  createdAt: isoTime,
});
export type PoolOrder = z.infer<typeof poolOrder>;
export const poolOrdersQuery = pageQuery;
export const poolOrdersData = pageOf(poolOrder);
export const poolContributionsQuery = pageQuery;
export const poolContributionsData = z.object({
  /** my total contribution and level; the total needed for the next level (null at the top) */
  total: amountText,
  level: z.number().int(),
  nextLevelAt: amountText.nullable(),
  list: z.array(
    z.object({
      id: z.number().int(),
      time: isoTime,
      amount: amountText,
      freeBurned: amountText,
      level: z.number().int(),
      txHash: z.string().nullable(),
    }),
  ),
  /** number of contributions (list is one page of them) */
  count: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
/** Moves the whole USDT of the user's mining pool balance to the wallet (nothing to choose). */
export const poolCollectBody = z.object({}).strict();
export const poolCollectData = z.object({
  /** USDT moved from the mining pool balance to the wallet */
  moved: amountText,
  /** the balances after the move */
  pool: amountText,
  wallet: amountText,
});
export type PoolCollect = z.infer<typeof poolCollectData>;
export const poolStatsData = z.object({
  totalAmount: amountText,
  /** share of each settled day's contributions paid to the contributors' mining pool balances (bps) */
  incomeBps: z.number().int(),
  /** pool income paid to contributors so far (USDT) */
  incomePaid: amountText,
  totalFreeBurned: amountText,
  contributors: z.number().int(),
  burnBps: z.number().int(),
  /** the pie: contributors grouped by the level their total reaches */
  classes: z.array(
    z.object({
      level: z.number().int(),
      min: amountText,
      contributors: z.number().int(),
      amount: amountText,
      shareBps: z.number().int(),
    }),
  ),
});
