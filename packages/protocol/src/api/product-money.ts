// Staking orders, redemption, ignition and burns, hashrate, airdrop/presale and quota, FOMO pool
// (server: routes/product/money.ts). Amounts are decimal strings in token units.
import { z } from 'zod';
import { address, amountText, isoTime, pageOf, pageQuery } from './common.ts';

const boolText = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

// ---- POST /api/user/staking_use_balance?amount=&stakeIndex=&autoRenew= ----
export const stakingUseBalanceQuery = z.object({
  /** decimal USDT, cleaned by the client (SPEC §5); 1–1000 U */
  amount: z.string().min(1).max(80),
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
  /** on-chain stake: its record index in Staking (`unstake(chainIndex)`), from its Staked event; null for a balance order */
  chainIndex: z.number().int().nonnegative().nullable(),
});
export type StakeOrder = z.infer<typeof stakeOrder>;

// ---- GET /api/user/stake/orders ----
export const stakeOrdersQuery = pageQuery.extend({ status: z.enum(STAKE_ORDER_STATUSES).optional() });
export const stakeOrdersData = pageOf(stakeOrder);

// ---- POST /api/user/stake/redeem ----
export const stakeRedeemBody = z.object({ orderId: z.string().min(1).max(20) });
export const stakeRedeemData = stakeOrder;

// ---- GET /api/user/stake/redemptions ----
export const redemptionsQuery = pageQuery;
export const redemptionsData = pageOf(stakeOrder).extend({
  /** principal + interest paid back so far */
  redeemedTotal: amountText,
  /** principal of matured orders not redeemed yet */
  redeemableTotal: amountText,
});

// ---- burn records ----
export const burnRecord = z.object({
  id: z.string(),
  /** ignition | stake_fee (off chain, burned on chain later) | payment (on chain) */
  type: z.string(),
  level: z.number().int(),
  /** FREE burned */
  quantity: amountText,
  /** USDT equivalent */
  usdt: amountText,
  /** waiting for on-chain confirmation */
  pending: z.boolean(),
  onChain: z.boolean(),
  txHash: z.string().nullable(),
  time: isoTime,
});
export type BurnRecord = z.infer<typeof burnRecord>;
export const burnRecordsQuery = pageQuery;
export const burnRecordsData = pageOf(burnRecord).extend({ totalFree: amountText });

// ---- GET /api/user/fire ----
export const fireInfoData = z.object({
  ignited: z.boolean(),
  ignitedAt: isoTime.nullable(),
  /** FREE to burn to ignite */
  requiredFree: amountText,
  walletFree: amountText,
  /** the ignition module is open */
  open: z.boolean(),
  burnedTotal: amountText,
  /** latest burn records (the full list: /api/user/burn/records) */
  records: z.array(burnRecord),
});

// ---- POST /api/user/fire/ignite ----
export const igniteData = z.object({ ignited: z.literal(true), ignitedAt: isoTime, burned: amountText });

// ---- GET /api/user/hashrate ----
export const hashrateData = z.object({
  network: amountText,
  own: amountText,
  directBonus: amountText,
  teamBonus: amountText,
  /** own + direct bonus + team bonus */
  total: amountText,
});

// ---- GET /api/user/airdrop ----
export const allocationKind = z.enum(['airdrop', 'presale']);
export const airdropQuery = z.object({ kind: allocationKind.default('airdrop') });
export const airdropData = z.object({
  kind: allocationKind,
  /** all users' allocations of this kind */
  totalAllocation: amountText,
  personal: amountText,
  released: amountText,
  yesterday: amountText,
  today: amountText,
  unlockTime: isoTime.nullable(),
  endTime: isoTime.nullable(),
  /** ms to the end time (0 when ended or none) */
  countdownMs: z.number().int(),
  ended: z.boolean(),
});

// ---- GET /api/user/airdrop/unlocks ----
export const unlocksQuery = pageQuery.extend({ kind: allocationKind.optional() });
export const unlockItem = z.object({
  allocationId: z.number().int(),
  kind: allocationKind,
  day: z.string(),
  amount: amountText,
  time: isoTime,
});
export const unlocksData = pageOf(unlockItem);

// ---- GET /api/user/quota ----
export const quotaData = z.object({
  total: amountText,
  /** still locked */
  reserved: amountText,
  /** released so far */
  deducted: amountText,
  /** USDT paid for presale allocations */
  paymentAmount: amountText,
  presale: amountText,
  airdrop: amountText,
});

// ---- GET /api/common/fomo ----
export const fomoData = z.object({
  /** FREE in the pool */
  balance: amountText,
  floor: amountText,
  unlockTime: isoTime.nullable(),
  countdownMs: z.number().int(),
  /** false while the pool is below the floor: no earnings are distributed */
  distributing: z.boolean(),
  holdReason: z.enum(['fomo_below_floor']).nullable(),
  /** last settlement day held back, if any */
  lastHoldDay: z.string().nullable(),
  participants: z.array(z.object({ address, amount: amountText, time: isoTime })),
});
