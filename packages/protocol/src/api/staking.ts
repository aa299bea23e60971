// Staking orders bought with the off-chain balance, the order list, redemption and the redemption list
// (server: routes/product/staking.ts). Amounts are decimal strings in token units.
import { z } from 'zod';
import { amountText, isoTime, pageOf, pageQuery } from './common.ts';

const boolText = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

// ---- POST /api/user/staking_use_balance?amount=&stakeIndex=&autoRenew= ----
export const stakingUseBalanceQuery = z.object({
  /**
   * decimal USDT, cleaned by the client (docs/business-rules.md "Amounts"); 1–1000 U. Empty is
   * the service's EnterInvestAmount ("please enter the investment amount"), like an empty
   * withdrawal or recharge.
   */
  amount: z.string().max(80),
  /** cycle index: 0, 1, 2 (7, 15, 30 days) */
  stakeIndex: z.coerce.number().int().min(0).max(2),
  autoRenew: boolText.optional().default(false),
});
export type StakingUseBalanceQuery = z.input<typeof stakingUseBalanceQuery>;

export const STAKE_ORDER_STATUSES = ['active', 'matured', 'redeemed', 'renewed'] as const;
export const stakeOrder = z.object({
  /** order number: B… balance order, C… on-chain stake */
  id: z.string(),
  number: z.string(),
  source: z.enum(['balance', 'chain']),
  cycle: z.number().int(),
  cycleDays: z.number().int(),
  /** daily compound rate in ppm (12000 = 1.2 %) */
  ratePpm: z.number().int(),
  /** total investment (USDT paid) */
  amount: amountText,
  fee: amountText,
  principal: amountText,
  /** interest of the whole cycle */
  reward: amountText,
  /** interest accrued so far (whole days) */
  currentProfit: amountText,
  /** interest credited so far */
  totalRevenue: amountText,
  /** market-maker bonus in FCC (0 when not qualified) */
  bonusFcc: amountText,
  autoRenew: z.boolean(),
  round: z.number().int(),
  status: z.enum(STAKE_ORDER_STATUSES),
  redeemable: z.boolean(),
  /** 0–100: share of the cycle elapsed */
  progress: z.number().int(),
  pledgeTime: isoTime,
  dueTime: isoTime,
  redeemedAt: isoTime.nullable(),
  redeemedAmount: amountText.nullable(),
  /** interest of a redeemed balance order still waiting for the daily income budget (paid on a later day) */
  interestHeld: amountText,
  /** on-chain stake: its record index in Staking (`unstake(chainIndex)`), from its Staked event; null for a balance order */
  chainIndex: z.number().int().nonnegative().nullable(),
});
export type StakeOrder = z.infer<typeof stakeOrder>;

// ---- GET /api/user/stake/orders ----
export const stakeOrdersQuery = pageQuery.extend({ status: z.enum(STAKE_ORDER_STATUSES).optional() });
export const stakeOrdersData = pageOf(stakeOrder);

// ---- POST /api/user/stake/redeem ----
export const stakeRedeemBody = z.object({ orderId: z.string().min(1).max(20) });
/** @alias */
export const stakeRedeemData = stakeOrder;

// ---- POST /api/user/stake/renew ----
/**
 * Renewal of a matured balance order (`B…`) by its owner into the cycle picked (`stakeIndex`, an
 * index of the config's `cycles`); `minRatePpm` is the rate the user was shown: a lower current
 * rate refuses the renewal (409) and changes nothing.
 */
export const stakeRenewBody = z.object({
  orderId: z.string().min(1).max(20),
  stakeIndex: z.number().int().min(0).max(255),
  minRatePpm: z.number().int().min(0),
});
/** @alias */
export const stakeRenewData = stakeOrder;

// ---- POST /api/user/stake/auto_renew ----
/** Auto-renew of an active on-chain stake (`C…`) of the caller: the app offers its renewal at maturity. */
export const stakeAutoRenewBody = z.object({ orderId: z.string().min(1).max(20), autoRenew: z.boolean() });
/** @alias */
export const stakeAutoRenewData = stakeOrder;

// ---- GET /api/user/stake/redemptions ----
export const redemptionsQuery = pageQuery;
export const redemptionsData = pageOf(stakeOrder).extend({
  /** principal + interest paid back so far */
  redeemedTotal: amountText,
  /** principal of matured orders not redeemed yet */
  redeemableTotal: amountText,
});
