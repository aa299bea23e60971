// Signed-in endpoints about the user: profile, flow records, income, limits, ignition, contributions.
import { z } from 'zod';
import { address, amountText, asset, cycleInfo, isoTime, pageOf, pageQuery, usdtFree } from './common.ts';
import { fireInfoData } from './ignition.ts';
import { INCOME_LIST_KINDS, type LedgerKind, ledgerKind } from './ledger-kinds.ts';

const perAsset = z.object({ USDT: amountText, FREE: amountText, FCC: amountText });

// ---- GET /api/user ----
export const userProfile = z.object({
  id: z.number().int(),
  address,
  inviter: address.nullable(),
  ignited: z.boolean(),
  ignitedAt: isoTime.nullable(),
  createdAt: isoTime,
  /** labels: user level V{n}, node tier, market maker, VIP and market-maker levels */
  level: z.object({
    user: z.string().describe('V{n}'),
    node: z.enum(['ordinary', 'edge', 'alliance', 'central', 'super']),
    marketMaker: z.boolean(),
    valid: z.boolean(),
    /** VIP level n (user level V{n}, n ≥ 1); 0 = ordinary member (docs/business-rules.md "VIP and market-maker levels") */
    vip: z.number().int().min(0),
    /** market-maker level n; 0 = not a market maker */
    marketMakerLevel: z.number().int().min(0),
  }),
  /** invite link = web origin + '#/' + '?inviter=' + address */
  invite: z.object({ path: z.string(), query: z.string() }),
  /** off-chain balances per account (docs/business-rules.md "Accounts and income") */
  balances: z.object({ wallet: perAsset, airdrop: perAsset, pool: perAsset, asset: perAsset }),
});
export type UserProfile = z.infer<typeof userProfile>;

// ---- GET /api/user/finance ----
export { LEDGER_KINDS, type LedgerKind, ledgerKind } from './ledger-kinds.ts';

/**
 * `kind` filters by one ledger kind (any kind the server writes). `cursor` (the `nextCursor` of the
 * previous page) continues the list after that page at the same cost at any depth; `page` alone
 * still works for older clients.
 */
export const financeQuery = pageQuery.extend({
  kind: ledgerKind.optional(),
  asset: asset.optional(),
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .optional(),
});
export const financeItem = z.object({
  id: z.number().int(),
  time: isoTime,
  kind: ledgerKind,
  account: z.string(),
  asset: z.string(),
  /** signed: negative leaves the account */
  amount: z.string(),
  ref: z.string().nullable(),
});
/** No total: counting the whole history on every page is what made deep pages slow. */
export const financeData = z.object({
  list: z.array(financeItem),
  page: z.number().int(),
  size: z.number().int(),
  /** more entries after this page */
  hasMore: z.boolean(),
  /** pass as `cursor` for the next page; null on the last page */
  nextCursor: z.string().nullable(),
});
export type FinanceItem = z.infer<typeof financeItem>;

// ---- GET /api/user/income_info ----
/**
 * Income kinds in display order (docs/business-rules.md, "Income kinds"): 'total' sums
 * the others except the earnings of airdrop and presale (the USDT value of FREE their unlocks already
 * count); 'income_personal' is the part of the total the user's own holdings earned (all but the
 * team's dynamic kinds).
 */
export const INCOME_KINDS = ['total', ...INCOME_LIST_KINDS] as const;
export type IncomeKind = (typeof INCOME_KINDS)[number];
export const incomeQuery = z.object({});
export const incomeItem = z.object({
  kind: z.enum(INCOME_KINDS),
  today: usdtFree,
  yesterday: usdtFree,
  total: usdtFree,
});
/** FCC credited as a bonus (the market-maker bonus at maturity, and other FCC bonuses). */
export const FCC_BONUS_KINDS = ['mm_bonus_fcc', 'fcc_bonus'] as const satisfies readonly LedgerKind[];
export const incomeData = z.object({
  list: z.array(incomeItem),
  fccBonus: z
    .object({ today: amountText, yesterday: amountText, total: amountText })
    .describe('FCC bonus credited today, yesterday and in total (FCC)'),
  day: z.string().describe('UTC day of "today"'),
});
export type IncomeData = z.infer<typeof incomeData>;

// ---- GET /api/user/staking_limit_info ----
export const stakingLimitData = z.object({
  minAmount: amountText,
  maxAmount: amountText,
  minInvestmentFree: amountText,
  maxInvestment: amountText,
  /** the USDT a stake may be: the amount limits narrowed by the minimum (FREE) and maximum investment */
  minStake: amountText,
  maxStake: amountText,
  cycles: z.array(cycleInfo),
  walletUsdt: amountText,
  walletFree: amountText,
  stakingUseBalanceOpen: z.boolean(),
  marketMakerTurnover: amountText.describe(
    'USDT the caller staked in the last 30 days: at the market-maker threshold a stake of the market-maker cycle earns the FCC bonus',
  ),
});
export type StakingLimitData = z.infer<typeof stakingLimitData>;

// ---- GET /api/user/fire ----
/** Served by the ignition routes (routes/product/ignition.ts); this name stays for the web's imports. */
export const fireData = fireInfoData;

// ---- GET /api/user/contribute/record ----
export const contributeQuery = pageQuery;
export const contributeItem = z.object({
  id: z.number().int(),
  time: isoTime,
  amount: amountText,
  freeBurned: amountText,
  level: z.number().int(),
  txHash: z.string().nullable(),
});
export const contributeData = pageOf(contributeItem);

// ---- GET /api/user/sessions, POST /api/user/sessions/revoke ----
/** One signed-in session of the user (a device); `current` is the one making the call. */
export const sessionItem = z.object({
  id: z.number().int(),
  /** the browser's User-Agent at sign-in, or null */
  device: z.string().nullable(),
  createdAt: isoTime,
  lastUsedAt: isoTime,
  /** when it ends unless used again (idle limit) or at the latest (absolute lifetime) */
  expiresAt: isoTime,
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItem>;
export const sessionListData = z.object({ list: z.array(sessionItem) });
export type SessionListData = z.infer<typeof sessionListData>;
/** End one session by id (the caller's own included), or every session but the caller's. */
export const sessionRevokeBody = z.union([
  z.object({ id: z.number().int().positive() }).strict(),
  z.object({ others: z.literal(true) }).strict(),
]);
export type SessionRevokeBody = z.infer<typeof sessionRevokeBody>;
export const sessionRevokeData = z.object({ revoked: z.number().int() });
export type SessionRevokeData = z.infer<typeof sessionRevokeData>;
