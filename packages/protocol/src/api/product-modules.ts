// Endpoint schemas of the product modules: chain pool, prediction rounds, Huan Li Bao, mining
// machines, shop, payment cards, quotes. Amounts are decimal strings in token units.
import { z } from 'zod';
import { amountText, asset, isoTime, pageOf, pageQuery } from './common.ts';
import { ledgerKind } from './ledger-kinds.ts';

const id = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);
/** a decimal amount as typed (cleaned by the client); empty is refused by the server with the "please enter" code */
const money = z.string().max(80);
/** figures of one income kind */
const fig = z.object({ today: amountText, yesterday: amountText, total: amountText });

// ---- chain pool ----
export const poolContributeBody = z.object({ amount: money });
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
export const poolStatsData = z.object({
  totalAmount: amountText,
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

// ---- prediction rounds (AI trade) ----
export const round = z.object({
  id: z.number().int(),
  /** issue number: UTC start as yyyymmddHHMMSS */
  issue: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  periodMs: z.number().int(),
  msLeft: z.number().int(),
  /** bets are taken until this time (a configured cutoff before the end) */
  betsCloseAt: isoTime,
  /**
   * opening position: USDT per FREE, the time-weighted average over the period before the open
   * (the DEX spot when the round before has no observation)
   */
  openPrice: amountText.describe('USDT per FREE: time-weighted average over the period before the open'),
  closePrice: amountText
    .nullable()
    .describe('USDT per FREE: time-weighted average over the round (null while open)'),
  tieBps: z
    .number()
    .int()
    .describe(
      'a move of the average price smaller than this (basis points of the open price) is a tie, refunded',
    ),
  totalUp: amountText,
  totalDown: amountText,
  state: z.enum(['open', 'settled', 'refunded']),
  /** up, down, flat (moved less than tieBps), one_side, late (null while open) */
  result: z.string().nullable(),
  feeBps: z.number().int(),
  feeTaken: amountText,
  settledAt: isoTime.nullable(),
});
export type Round = z.infer<typeof round>;
export const roundCurrentData = round.nullable();
export const roundHistoryQuery = pageQuery;
export const roundHistoryData = pageOf(round);
export const roundBetBody = z.object({ side: z.enum(['up', 'down']), amount: money });
export const roundBet = z.object({
  id: z.number().int(),
  roundId: z.number().int(),
  issue: z.string(),
  side: z.enum(['up', 'down']),
  amount: amountText,
  price: amountText,
  state: z.enum(['open', 'won', 'lost', 'refunded']),
  payout: amountText,
  createdAt: isoTime,
});
export const roundBetsQuery = pageQuery;
export const roundBetsData = pageOf(roundBet);

// ---- Huan Li Bao ----
export const hlbSubscribeBody = z.object({ product: z.string().regex(/^[a-z0-9_]{1,32}$/), amount: money });
export const hlbRedeemBody = z.object({ orderId: id });
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

// ---- mining machines ----
export const machine = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  asset,
  price: amountText,
  /** H/s granted while the machine runs */
  hashrate: z.string(),
  days: z.number().int(),
  stock: z.number().int().nullable(),
  soldOut: z.boolean(),
});
export const machinesData = z.object({ list: z.array(machine) });
export const machineDetailQuery = z.object({ id });
export const machineBuyBody = z.object({ id });
export const machineOrder = z.object({
  id: z.number().int(),
  machineId: z.number().int(),
  name: z.string(),
  asset,
  price: amountText,
  hashrate: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  state: z.enum(['active', 'expired']),
});
export const myMachinesQuery = pageQuery;
export const myMachinesData = pageOf(machineOrder).extend({ hashrate: z.string() });

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
export const shopProductsData = z.object({ list: z.array(shopProduct) });
export const SHOP_ORDER_STATES = ['ordered', 'paid', 'shipped', 'completed', 'cancelled'] as const;
/** quantity = number of shares (an empty entry is refused with EnterShares) */
export const shopOrderBody = z.object({
  productId: id,
  quantity: z.coerce.number().int().min(0).max(1_000_000),
});
export const shopCancelBody = z.object({ orderId: id });
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

// ---- payment cards ----
export const CARD_STATES = ['submitted', 'reviewed', 'issued', 'rejected'] as const;
export const cardApplyBody = z.object({
  kind: z.enum(['virtual', 'physical']),
  name: z.string().trim().min(1).max(80),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{5,24}$/, 'must be a phone number'),
  /** required for a physical card */
  address: z.string().trim().max(300).optional(),
});
export const card = z.object({
  id: z.number().int(),
  kind: z.enum(['virtual', 'physical']),
  name: z.string(),
  phone: z.string(),
  address: z.string().nullable(),
  state: z.enum(CARD_STATES),
  note: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export const cardsData = z.object({ list: z.array(card) });

// ---- quotes ----
export const quote = z.object({
  symbol: z.string(),
  name: z.string(),
  /** latest price in USDT */
  price: amountText,
  /** 24 h change in percent, two decimals ("-1.25") */
  change24h: z.string(),
  source: z.string(),
  updatedAt: isoTime,
});
export const quotesData = z.object({ list: z.array(quote) });
