// The operator console API (`/api/admin/…`): roles, and the request and response schemas of every
// operator route. Amounts are decimal strings in token units (the same rules as the user side).
import { z } from 'zod';
import { ARTICLE_TYPES } from '../content.ts';
import { LANGUAGE_CODES, type LanguageCode } from '../languages.ts';
import { contactLink } from '../links.ts';
import { MODULE_KEYS } from '../modules.ts';
import { WITHDRAW_LIMIT_SETTINGS, type WithdrawLimitKey } from '../withdraw.ts';
import { CARD_STATES, card } from './cards.ts';
import {
  address,
  amountText,
  articleDetailData,
  asset,
  isoTime,
  pageOf,
  pageQuery,
  rowId,
} from './common.ts';
import { quote } from './quotes.ts';
import { SHOP_ORDER_STATES, shopOrder, shopOrdersData } from './shop.ts';
import { stakeOrdersData } from './staking.ts';
import { teamInfoData } from './team.ts';
import { financeData, financeQuery, sessionItem, userProfile } from './user.ts';
import { rechargeListData, WITHDRAW_STATES, type WithdrawCoin, withdrawListData } from './wallet.ts';

/** `admin` may do everything; `finance` the money and users sections; `content` the content section. */
export const OPERATOR_ROLES = ['admin', 'finance', 'content'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export const operatorRole = z.enum(OPERATOR_ROLES);

/** Whether an operator of `role` may use a route open to `allowed` (admin may use every route). */
export const roleAllows = (role: OperatorRole, allowed: readonly OperatorRole[]): boolean =>
  role === 'admin' || allowed.includes(role);

/** A positive decimal amount as typed by the operator ("12.5"); the server applies the amount rules. */
const amountInput = z.string().min(1).max(80).describe('decimal amount in token units, e.g. "500"');
/** A caller-chosen key that makes a retried money action a no-op (e.g. a UUID per form submission). */
const opRef = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, '1–64 letters, digits, _ . : -')
  .describe('idempotency reference: the same ref again changes nothing');
const language = z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]);

// ---- GET /api/admin/me ----
export const adminMeData = z.object({ address, role: operatorRole });

/**
 * Why an operator command was refused, as a stable code the console words in the reader's language
 * (a refusal answers code OperatorCommandRefused with this object as `data`; docs/api.md). The CSV
 * lines of an allocation import carry the same codes (`allocationLine.refusal`).
 */
export const COMMAND_REFUSALS = [
  /** an argument is not accepted (`field`: the argument, or the setting key) */
  'invalid',
  /** `field` must be a positive decimal amount */
  'amount',
  /** `field` must be a 0x address */
  'address',
  /** nothing of that name or id (`subject`) */
  'notFound',
  /** the withdrawal `subject` is in `state`: it cannot make that move any more */
  'wrongState',
  /** the money limit `field` cannot be switched off */
  'limitRequired',
  /** the CSV has no lines */
  'empty',
  /** the server has no chain connection */
  'noChain',
  /** the withdrawal `subject` may have been paid on chain (a transaction of it is in a block, has a receipt, or its nonce is not provably taken by another): not rejected */
  'mayBePaid',
  /** a business rule refused it: `errorCode` is the error catalogue's code (`field` as it names) */
  'refused',
  /** it failed on the server (the ops log keeps the detail) */
  'failed',
  /** allocation line: no user has signed in with this address yet */
  'noUser',
  /** allocation line: the unlock time is not a date */
  'unlockTime',
  /** allocation line: the end time is not a date */
  'endTime',
  /** allocation line: neither an end time nor a release period */
  'noEnd',
  /** allocation line: the end time is not after the unlock time */
  'endBeforeUnlock',
  /** allocation line: the same grant as line `subject` */
  'duplicate',
] as const;
export type CommandRefusalReason = (typeof COMMAND_REFUSALS)[number];
export const commandRefusal = z.object({
  reason: z.enum(COMMAND_REFUSALS),
  field: z.string().optional(),
  subject: z.string().optional(),
  state: z.string().optional(),
  errorCode: z.number().int().optional(),
});
export type CommandRefusal = z.infer<typeof commandRefusal>;

// ---- GET /api/admin/dashboard ----
const tokenFigures = z.object({ USDT: amountText, FREE: amountText });
export const dashboardData = z.object({
  /** null when the chain cannot be read; `chainError` says why */
  chain: z
    .object({
      head: z.number().int(),
      staking: z.object({
        address,
        reserve: amountText,
        committed: amountText,
        openPrincipal: amountText,
        availableReserve: amountText,
      }),
      hotWallet: z.object({ address, USDT: amountText, FREE: amountText, gas: amountText }),
      treasury: z.object({ address, USDT: amountText, FREE: amountText }),
    })
    .nullable(),
  chainError: z.string().nullable(),
  /**
   * The RPC answers another chain id than the deployment's: no chain figures are shown, and the
   * background jobs (indexer, payouts, burns, rounds, settlement) stop until RPC_URL is fixed and
   * the API restarted. null while the chain ids agree (or the RPC cannot be asked).
   */
  chainMismatch: z.object({ expected: z.number().int(), rpc: z.number().int() }).nullable(),
  fomo: z.object({ balance: amountText, floor: amountText, aboveFloor: z.boolean() }),
  /** today's (UTC) off-chain USDT income against the daily budget, and the income waiting for it */
  incomeBudget: z.object({
    day: z.string(),
    /** null: no budget set */
    budget: amountText.nullable(),
    paid: amountText,
    /** the last payment of the day that had to wait (0: none) */
    lastHeld: amountText,
    /** redemption interest held for the budget: how many orders, how much */
    heldInterest: z.object({ count: z.number().int().nonnegative(), amount: amountText }),
  }),
  /** what the ledger owes users per token (every user account) */
  liabilities: tokenFigures,
  /**
   * owed vs held per token; `paidAfterRefund`: withdrawals refunded and then paid on chain all the
   * same (paid twice); null when the chain cannot be read
   */
  reconciliation: z
    .array(
      z.object({
        token: z.enum(['USDT', 'FREE']),
        owed: amountText,
        held: amountText,
        short: amountText,
        paidAfterRefund: z.number().int().nonnegative(),
      }),
    )
    .nullable(),
  /** indexer cursors: last indexed block and how many blocks behind the head (null: head unknown) */
  indexer: z.array(z.object({ name: z.string(), block: z.number().int(), lag: z.number().int().nullable() })),
  payouts: z.array(z.object({ state: z.string(), count: z.number().int(), amount: amountText })),
  settlement: z.array(
    z.object({
      step: z.string(),
      day: z.string(),
      rows: z.number().int(),
      total: amountText,
      finishedAt: isoTime,
    }),
  ),
  modules: z.record(z.string(), z.boolean()),
});
export type DashboardData = z.infer<typeof dashboardData>;

// ---- Money ----
export const fomoFundBody = z.object({ amount: amountInput, ref: opRef });
/**
 * What an operator grants (docs/business-rules.md "Operator grants"): `airdrop` and `presale` are
 * allocations released linearly over a window; `exclusive_airdrop` (FREE, into the airdrop balance)
 * and `fcc_bonus` (FCC, into the wallet) are income credited at once (CREDIT_GRANT_KINDS), with no
 * window.
 */
export const ALLOCATION_KINDS = ['airdrop', 'presale', 'exclusive_airdrop', 'fcc_bonus'] as const;
export const CREDIT_GRANT_KINDS = [
  'exclusive_airdrop',
  'fcc_bonus',
] as const satisfies readonly (typeof ALLOCATION_KINDS)[number][];
export const allocationGrantBody = z.object({
  address,
  kind: z.enum(ALLOCATION_KINDS),
  amount: amountInput,
  /** default: now; release is linear from unlockAt to endAt */
  unlockAt: isoTime.optional(),
  /** default: unlockAt + releaseDays */
  endAt: isoTime.optional(),
  releaseDays: z.number().int().min(1).max(3650).optional(),
  /** an optional label that lets the same line be granted again in another batch */
  batch: z.string().max(40).optional(),
});
/** CSV lines `address,amount[,unlockAt[,endAt]]`; a header line and blank lines are skipped. */
export const allocationImportBody = z.object({
  kind: z.enum(ALLOCATION_KINDS),
  csv: z.string().min(1).max(60_000),
  dryRun: z.boolean().default(true),
  /** the release period of lines without an end time */
  releaseDays: z.number().int().min(1).max(3650).optional(),
  batch: z.string().max(40).optional(),
});
export const allocationLine = z.object({
  line: z.number().int(),
  address: z.string(),
  amount: amountText,
  unlockAt: isoTime,
  endAt: isoTime,
  /** set when the line is refused (nothing is granted for it), in the operators' words */
  error: z.string().nullable(),
  /** the same refusal as a stable code (null when accepted) */
  refusal: commandRefusal.nullable(),
  /** real run: false when the line had been granted before (a repeat changes nothing) */
  granted: z.boolean().nullable(),
});
export const allocationImportData = z.object({
  dryRun: z.boolean(),
  lines: z.array(allocationLine),
  valid: z.number().int(),
  invalid: z.number().int(),
  total: amountText,
});
export type AllocationImportData = z.infer<typeof allocationImportData>;
// states as strings: the withdrawals:list command owns the list of states (and validates the filter)
export const adminWithdrawalsQuery = z.object({
  state: z.string().max(20).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
/**
 * Why a withdrawal is held (docs/operations.md "The hot wallet's guards"): `funds`: queued, the
 * hot wallet lacks `missing` (token or BNB for gas, in token units) to pay it and the ones before
 * it; `fee_ceiling`: its transaction waits at the fee ceiling (`maxFeeGwei` per gas, `versions`
 * signed); `paid_after_refund`: refunded, then its payout `txHash` confirmed on chain (paid twice).
 */
export const withdrawalHold = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('funds'),
    missing: z.array(z.object({ asset: z.string(), amount: amountText })),
  }),
  z.object({ kind: z.literal('fee_ceiling'), maxFeeGwei: z.string(), versions: z.number().int() }),
  z.object({ kind: z.literal('paid_after_refund'), txHash: z.string() }),
]);
export type WithdrawalHold = z.infer<typeof withdrawalHold>;
/** every kind of hold, for the operator's metrics (free_withdrawal_holds) */
export const WITHDRAWAL_HOLD_KINDS = withdrawalHold.options.map((o) => o.shape.kind.value);
export const adminWithdrawal = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  amount: amountText,
  asset,
  to: address,
  state: z.enum(WITHDRAW_STATES),
  txHash: z.string().nullable(),
  failReason: z.string().nullable(),
  /** the operator's reason when it was rejected (the user sees it) */
  rejectReason: z.string().nullable(),
  /** why it is held, for the operator; null: nothing to say */
  hold: withdrawalHold.nullable(),
  createdAt: isoTime,
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;
export const adminWithdrawalsData = z.object({ list: z.array(adminWithdrawal) });
/** a withdrawal in review is queued for the payout worker */
export const withdrawalApproveBody = z.object({ id: rowId });
/** a withdrawal in review, queued, or unresolved (and found unpaid on chain) is refunded once; the reason is shown to the user */
export const withdrawalRejectBody = z.object({ id: rowId, reason: z.string().trim().min(1).max(200) });

/** A payment seen on chain that credited no order: unknown order, another payer, token or receiver. */
export const unmatchedPayment = z.object({
  txHash: z.string(),
  logIndex: z.number().int(),
  blockNumber: z.number().int(),
  orderId: z.string(),
  payer: z.string(),
  token: z.string(),
  to: z.string(),
  amount: amountText,
  burned: amountText,
  executorReward: amountText,
  reason: z.string(),
  paidAt: isoTime,
});
export type UnmatchedPayment = z.infer<typeof unmatchedPayment>;
export const unmatchedPaymentsQuery = pageQuery;
export const unmatchedPaymentsData = pageOf(unmatchedPayment);
export type UnmatchedPaymentsData = z.infer<typeof unmatchedPaymentsData>;

/** Why a payment on chain credited no order (the recharge refusals other than a repeat). */
export const UNMATCHED_REASONS = ['unknown_order', 'wrong_payer', 'wrong_token', 'wrong_recipient'] as const;
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number];

/**
 * The money limits (docs/business-rules.md "Withdrawal limits", "Income budget"): settings stored in
 * wei, entered and shown in token units. `nullable`: the setting may be "no limit" (null).
 */
export const MONEY_LIMITS = {
  ...(Object.fromEntries(
    WITHDRAW_LIMIT_SETTINGS.map(({ coin, limit, key }) => [key, { token: coin, nullable: limit !== 'min' }]),
  ) as Record<WithdrawLimitKey, { token: WithdrawCoin; nullable: boolean }>),
  income_daily_budget_wei: { token: 'USDT', nullable: true },
} satisfies Record<string, { token: 'USDT' | 'FREE'; nullable: boolean }>;
export type MoneyLimitKey = keyof typeof MONEY_LIMITS;
export const MONEY_LIMIT_KEYS = Object.keys(MONEY_LIMITS) as [MoneyLimitKey, ...MoneyLimitKey[]];
export const moneyLimit = z.object({
  key: z.enum(MONEY_LIMIT_KEYS),
  token: z.enum(['USDT', 'FREE']),
  /** whether the limit may be switched off (value null) */
  nullable: z.boolean(),
  /** in token units; null: no limit */
  value: amountText.nullable(),
});
export type MoneyLimit = z.infer<typeof moneyLimit>;
export const moneyLimitsData = z.object({ list: z.array(moneyLimit) });
export const moneyLimitSetBody = z.object({
  key: z.enum(MONEY_LIMIT_KEYS),
  /** a positive amount in token units, or null for no limit (only where `nullable`) */
  amount: amountInput.nullable(),
});

// ---- Product ----
export const adminConfigData = z.object({ values: z.record(z.string(), z.unknown()) });
export const configSetBody = z.object({ key: z.string().min(1).max(80), value: z.unknown() });
export const modulesSetBody = z.object({
  modules: z.partialRecord(z.enum(MODULE_KEYS), z.boolean()),
});
const localizedText = z.record(z.string(), z.string().max(500));
export const adminMachine = z.object({
  id: z.number().int(),
  code: z.string(),
  name: localizedText,
  description: localizedText,
  image: z.string().nullable(),
  asset,
  price: amountText,
  /** hashrate units granted (H/s, an integer) */
  hashrate: z.string(),
  days: z.number().int(),
  /** null: unlimited */
  stock: z.number().int().nullable(),
  sort: z.number().int(),
  active: z.boolean(),
});
export const adminMachinesData = z.object({ list: z.array(adminMachine) });
const catalogueCode = z.string().regex(/^[a-z0-9_-]{1,40}$/, 'lower-case letters, digits, _ and -');
const stockInput = z.number().int().min(0).max(1_000_000_000).nullable();
export const machineSaveBody = z.object({
  code: catalogueCode,
  name: localizedText,
  description: localizedText.default({}),
  image: z.string().max(500).nullable().optional(),
  asset,
  price: amountInput,
  hashrate: z.string().regex(/^[1-9]\d{0,29}$/, 'a positive whole number (H/s)'),
  days: z.number().int().min(1).max(3650),
  stock: stockInput.optional(),
  sort: z.number().int().min(-1000).max(1000).optional(),
});
export const adminProduct = adminMachine.omit({ hashrate: true, days: true });
export const adminProductsData = z.object({ list: z.array(adminProduct) });
export const productSaveBody = machineSaveBody.omit({ hashrate: true, days: true });
export const stockSetBody = z.object({ code: catalogueCode, stock: stockInput });
export const adminCardsQuery = z.object({ state: z.enum(CARD_STATES).optional() });
export const adminCardsData = z.object({ list: z.array(card.extend({ userId: z.number().int() })) });
export const cardReviewBody = z.object({
  id: rowId,
  state: z.enum(CARD_STATES),
  note: z.string().max(300).optional(),
});
export const adminQuotesData = z.object({ list: z.array(quote) });
export const quoteSetBody = z.object({
  symbol: z.string().regex(/^[A-Za-z0-9]{1,12}$/),
  price: amountInput,
  name: z.string().max(60).optional(),
});
/** Every user's shop orders, newest first, optionally of one state (e.g. `paid`: waiting to ship). */
export const adminShopOrdersQuery = pageQuery.extend({ state: z.enum(SHOP_ORDER_STATES).optional() });
export const adminShopOrder = shopOrder.extend({ userId: z.number().int(), address });
export type AdminShopOrder = z.infer<typeof adminShopOrder>;
export const adminShopOrdersData = pageOf(adminShopOrder);
export type AdminShopOrdersData = z.infer<typeof adminShopOrdersData>;
/** The moves an operator makes (paying is the buyer's; a cancel of a paid order refunds it). */
export const OPERATOR_SHOP_MOVES = ['shipped', 'completed', 'cancelled'] as const;
export const shopOrderMoveBody = z.object({
  id: rowId,
  state: z.enum(SHOP_ORDER_STATES).extract(OPERATOR_SHOP_MOVES),
});

// ---- Content ----
export const adminArticleSlug = z.object({
  slug: z.string(),
  type: z.string(),
  languages: z.array(z.string()),
  /** languages without a translation (readers there see English) */
  missing: z.array(z.string()),
  publishedAt: isoTime,
});
export const adminArticlesData = z.object({ list: z.array(adminArticleSlug) });
export const adminArticleQuery = z.object({ slug: z.string().max(64), lang: language });
export const adminArticleData = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: z.string(),
  language: z.string(),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  cover: z.string().nullable(),
  publishedAt: isoTime,
});
/** exactly what GET /api/common/article/detail answers a reader of that language */
export const adminArticlePreviewData = articleDetailData;
export const articleSaveBody = z.object({
  slug: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'lower-case letters, digits, - and _'),
  type: z.enum(ARTICLE_TYPES),
  lang: language,
  title: z.string().min(1).max(200),
  summary: z.string().max(500).optional(),
  content: z.string().min(1).max(50_000),
  cover: z.string().max(500).optional(),
});
export const adminBanner = z.object({
  id: z.number().int(),
  image: z.string(),
  link: z.string().nullable(),
  language: z.string().nullable(),
  sort: z.number().int(),
  active: z.boolean(),
});
export const adminBannersData = z.object({ list: z.array(adminBanner) });
export const bannerAddBody = z.object({
  image: z.string().min(1).max(500),
  link: z.string().max(500).optional(),
  lang: language.optional(),
  sort: z.number().int().min(-1000).max(1000).optional(),
});
export const bannerRemoveBody = z.object({ id: rowId });
export const contactsData = z.object({ twitter: z.string(), telegram: z.string() });
/** Each link an https:// URL, or '' to hide it (links.ts). */
export const contactsSetBody = z.object({
  twitter: contactLink.optional(),
  telegram: contactLink.optional(),
});

// ---- Users ----
export const userLookupQuery = z.object({ address });
export const userLookupData = z.object({
  user: z.object({
    id: z.number().int(),
    address,
    inviter: address.nullable(),
    ignited: z.boolean(),
    createdAt: isoTime,
    lastLoginAt: isoTime.nullable(),
  }),
  balances: userProfile.shape.balances,
  team: teamInfoData,
  staking: stakeOrdersData,
  shop: shopOrdersData,
  withdrawals: withdrawListData,
  recharges: rechargeListData,
});
/** the user's own finance query (keyset: pass `nextCursor` as `cursor`) for one address */
export const userLedgerQuery = financeQuery.extend({ address });
export const userLedgerData = financeData;
/** a live session of the user, as the user sees it in their own list (without `current`) */
export const userSession = sessionItem.omit({ current: true });
export const userSessionsData = z.object({ list: z.array(userSession) });
/** without `session`: every live session of the address */
export const adminSessionRevokeBody = z.object({
  address,
  session: sessionItem.shape.id.positive().optional(),
});

// ---- Audit ----
export const auditQuery = pageQuery.extend({
  actor: z.string().max(64).optional(),
  command: z.string().max(64).optional(),
});
export const auditItem = z.object({
  id: z.number().int(),
  time: isoTime,
  /** the operator's address (console: the signed-in operator; CLI: OPS_ACTOR or the owner key) */
  actor: z.string(),
  /** the shell user who ran the CLI; null for the console */
  shellUser: z.string().nullable(),
  command: z.string(),
  args: z.unknown(),
  ok: z.boolean(),
  result: z.unknown(),
  error: z.string().nullable(),
});
export const auditData = pageOf(auditItem);
export type AllocationKind = (typeof ALLOCATION_KINDS)[number];

/** The console's sections (`#/admin/<section>`) and the roles that may open each (admin: all). */
export const CONSOLE_SECTIONS = {
  dashboard: ['finance'],
  money: ['finance'],
  product: ['admin'],
  content: ['content'],
  users: ['finance'],
  audit: ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type ConsoleSection = keyof typeof CONSOLE_SECTIONS;

const codeResult = z.object({ id: z.number().int(), code: z.string() });
const stockResult = z.object({ code: z.string(), stock: z.number().int().nullable() });

/**
 * What each operator command's route answers as its result: what the console reads, the CLI prints
 * and ops_log keeps (the server's command of that name returns exactly this).
 */
export const COMMAND_RESULTS = {
  'fomo:fund': z.object({
    amount: amountText,
    ref: z.string(),
    /** false: this ref funded the pool before, nothing was added */
    added: z.boolean(),
    balance: amountText,
  }),
  'allocation:grant': allocationLine,
  'withdrawals:approve': z.object({
    id: z.number().int(),
    state: z.enum(WITHDRAW_STATES),
    approved: z.literal(true),
  }),
  'withdrawals:reject': z.object({
    id: z.number().int(),
    state: z.enum(WITHDRAW_STATES),
    reason: z.string().nullable(),
  }),
  'limit:set': moneyLimit,
  /** the setting as stored (its schema is the settings registry's, per key) */
  'config:set': z.object({ key: z.string(), value: z.unknown() }),
  'machine:save': codeResult,
  'machine:stock': stockResult,
  'product:save': codeResult,
  'product:stock': stockResult,
  'shop:order': z.object({ id: z.number().int(), state: z.enum(SHOP_ORDER_STATES) }),
  'card:review': card,
  'quote:set': z.object({ symbol: z.string(), price: amountText }),
  'article:publish': z.object({ id: z.number().int(), slug: z.string(), language }),
  'banner:add': z.object({ id: z.number().int() }),
  'banner:remove': z.object({ id: z.number().int(), removed: z.literal(true) }),
  'session:revoke': z.object({ address: z.string(), revoked: z.number().int() }),
} as const satisfies Record<string, z.ZodType>;
export type ResultCommand = keyof typeof COMMAND_RESULTS;
export type CommandResult<C extends ResultCommand> = z.infer<(typeof COMMAND_RESULTS)[C]>;

/** What a successful command answers: its name and its result (COMMAND_RESULTS), as logged to ops_log. */
export const commandData = <C extends ResultCommand>(command: C) =>
  z.object({ command: z.literal(command), result: COMMAND_RESULTS[command] as (typeof COMMAND_RESULTS)[C] });
