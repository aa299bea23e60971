// Every operator setting of the `config` table in ONE registry (docs/operations.md "Settings"): key → zod schema +
// default. One cached reader answers all of them, typed; one writer validates and invalidates.
//
// Reading: a stored value that fails its schema falls back to the default (object settings marked
// `fieldFallback` fall back field by field), so a bad row never stops the service.
// Caching: the whole table is read at once and kept per database for SETTINGS_CACHE_TTL_MS. A write
// through `writeSetting` drops the cache of its process at once; another process (the ops CLI, a
// second server) sees the change within the TTL. Rows written by hand: call `forgetSettings`.
import { MAX_AMOUNT_WEI, WEI_PER_UNIT as U } from '@free/protocol/amount';
import {
  DAY_SECONDS,
  DEFAULT_CYCLE_FEE_BPS,
  DEFAULT_CYCLE_RATE_PPM,
  DONATION_FREE_BURN_BPS,
  FOMO_FLOOR_WEI,
  MARKET_MAKER_FCC_MULTIPLIER,
  MARKET_MAKER_PRINCIPAL_SHARE_BPS,
  MARKET_MAKER_TURNOVER_WEI,
  SETTLEMENT_COMPUTE_EVERY_ROUNDS,
  SETTLEMENT_COMPUTE_SHARE_BPS,
  STAKE_CYCLES,
} from '@free/protocol/constants';
import { contactLink } from '@free/protocol/links';
import { MODULE_KEYS, type ModuleKey, moduleOpen } from '@free/protocol/modules';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rootOf, type SqlRunner } from '../db/client.ts';
import { DEFAULT_TEAM_RULES, type TeamRules } from './team-rules.ts';

const weiString = z.string().regex(/^\d{1,78}$/);
const bps = z.number().int().min(0).max(10_000);

type Entry<S extends z.ZodType> = {
  schema: S;
  default: z.output<S>;
  /** written at start when absent (the others answer their default until an operator sets them) */
  seed: boolean;
  /** an object whose fields fall back one by one, and whose writes merge into the current value */
  fieldFallback: boolean;
  /** applied to every value read (e.g. drop unknown module keys) */
  normalize?: (value: z.output<S>) => z.output<S>;
};

function setting<S extends z.ZodType>(
  schema: S,
  def: z.output<S>,
  opts: Partial<Pick<Entry<S>, 'seed' | 'fieldFallback' | 'normalize'>> = {},
): Entry<S> {
  return {
    schema,
    default: def,
    seed: opts.seed ?? true,
    fieldFallback: opts.fieldFallback ?? false,
    ...opts,
  };
}

const cycleSchema = z.object({
  days: z.number().int().positive(),
  rate_ppm: z.number().int().min(0).max(12_000),
  fee_bps: bps,
});

const DEFAULT_MODULES: Record<ModuleKey, boolean> = {
  // every module of protocol's list; the money paths that exist on chain start open
  staking: true,
  staking_use_balance: false,
  recharge: true,
  withdraw: true,
  ai_trade: false,
  games: false,
  rwa: false,
  machines: false,
  cards: false,
  shop: false,
  huan_li_bao: false,
  chain_pool: false,
  presale: false,
  airdrop: false,
  fomo: false,
  ignition: false,
};

/** The switches of protocol's module list: stored values over the defaults, unknown keys dropped. */
function knownModules(stored: Record<string, boolean>): Record<ModuleKey, boolean> {
  const out = { ...DEFAULT_MODULES };
  for (const k of MODULE_KEYS) if (typeof stored[k] === 'boolean') out[k] = stored[k];
  return out;
}

/** Product money (staking income, FOMO, computing power): one object, fields fall back one by one. */
const moneySchema = z.object({
  /** dynamic income: bps of a descendant's static income per generation (index 0 = direct) */
  generation_bps: z.array(bps).max(30),
  /** generations paid by level: depth_by_level[n] for V{n} (last entry for higher levels) */
  depth_by_level: z.array(z.number().int().min(0).max(30)).min(1),
  /** USDT price of one FREE / one FCC (wei of USDT per 1e18), for equivalents off chain */
  free_price_usdt_wei: weiString,
  fcc_price_usdt_wei: weiString,
  /** FOMO pool: share of stake fees (their FREE equivalent) that flows in */
  fomo_fee_share_bps: bps,
  /** a stake of at least this amount (USDT) resets the countdown */
  fomo_min_stake_wei: weiString,
  fomo_countdown_sec: z
    .number()
    .int()
    .min(60)
    .max(30 * DAY_SECONDS),
  fomo_last_participants: z.number().int().min(1).max(100),
  /** computing power: every N-th round, share of principal + income (docs/business-rules.md "Constants") */
  compute_every_rounds: z.number().int().min(1).max(100),
  compute_share_bps: bps,
  /** computing-power bonus to the direct inviter and to each further ancestor (bps of the contribution) */
  compute_direct_bonus_bps: bps,
  compute_team_bonus_bps: bps,
  compute_team_depth: z.number().int().min(0).max(30),
});

/** Team thresholds: decimal wei strings (the level list comma-separated), small integers. */
const teamWei = z.string().regex(/^\d{1,78}$/);
const teamInt = (min: number, max: number) =>
  z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).pipe(z.number().int().min(min).max(max));

export const SETTINGS = {
  // served to every user as a link: https:// or '' only; a stored other text reads as the default
  twitter_url: setting(contactLink, 'https://x.com/'),
  telegram_url: setting(contactLink, 'https://t.me/'),
  min_investment_free_wei: setting(weiString, String(100n * U)),
  max_investment_wei: setting(weiString, String(1000n * U)),
  min_amount_wei: setting(weiString, String(1n * U)),
  max_amount_wei: setting(weiString, String(1000n * U)),
  max_recharge_wei: setting(weiString, String(1000n * U)),
  withdraw_min_wei: setting(weiString, String(1n * U)),
  cycles: setting(
    z.array(cycleSchema).length(3),
    STAKE_CYCLES.map((c) => ({
      days: c.days,
      rate_ppm: DEFAULT_CYCLE_RATE_PPM[c.index],
      fee_bps: DEFAULT_CYCLE_FEE_BPS[c.index],
    })),
  ),
  ignition_free_wei: setting(weiString, String(100n * U)),
  fomo_floor_wei: setting(weiString, String(FOMO_FLOOR_WEI)),
  market_maker: setting(
    z.object({
      turnover_wei: weiString,
      principal_share_bps: bps,
      fcc_multiplier: z.number().min(0),
    }),
    {
      turnover_wei: String(MARKET_MAKER_TURNOVER_WEI),
      principal_share_bps: MARKET_MAKER_PRINCIPAL_SHARE_BPS,
      fcc_multiplier: MARKET_MAKER_FCC_MULTIPLIER,
    },
  ),
  /** module switches: a write merges into the current switches */
  modules: setting(z.record(z.string(), z.boolean()), DEFAULT_MODULES as Record<string, boolean>, {
    fieldFallback: true,
    normalize: knownModules,
  }),
  recharge_order_ttl_sec: setting(z.number().int().min(60).max(DAY_SECONDS), 1800),
  /** withdrawal limits (docs/business-rules.md "Withdrawal limits"); null = no limit */
  /** the amount maximum (1000 U, docs/business-rules.md "Amounts") unless an operator sets another */
  withdraw_max_wei: setting(weiString.nullable(), String(MAX_AMOUNT_WEI)),
  /** per user per UTC day, withdrawals not refunded */
  withdraw_user_daily_wei: setting(weiString.nullable(), String(20_000n * U)),
  /** all users together per UTC day */
  withdraw_platform_daily_wei: setting(weiString.nullable(), String(500_000n * U)),
  /** a withdrawal above this waits in `review` for an operator instead of being paid by the worker */
  withdraw_review_above_wei: setting(weiString.nullable(), String(2_000n * U)),
  /** FREE withdrawals (from the airdrop balance) have their own limits, in FREE wei; null = no limit */
  free_withdraw_min_wei: setting(weiString, String(10n * U)),
  free_withdraw_max_wei: setting(weiString.nullable(), String(10_000n * U)),
  free_withdraw_user_daily_wei: setting(weiString.nullable(), String(20_000n * U)),
  free_withdraw_platform_daily_wei: setting(weiString.nullable(), String(500_000n * U)),
  free_withdraw_review_above_wei: setting(weiString.nullable(), String(2_000n * U)),
  /** USDT income (static + dynamic) settlement may pay for one day; past it the day is held */
  income_daily_budget_wei: setting(weiString.nullable(), null),

  product_money: setting(
    moneySchema,
    {
      generation_bps: [1000, 500, 300, 200, 100, 100, 100, 100, 100, 100],
      depth_by_level: [1, 3, 5, 7, 10],
      free_price_usdt_wei: String(1n * U),
      fcc_price_usdt_wei: String(1n * U),
      fomo_fee_share_bps: 5000,
      fomo_min_stake_wei: String(100n * U),
      fomo_countdown_sec: DAY_SECONDS,
      fomo_last_participants: 10,
      compute_every_rounds: SETTLEMENT_COMPUTE_EVERY_ROUNDS,
      compute_share_bps: SETTLEMENT_COMPUTE_SHARE_BPS,
      compute_direct_bonus_bps: 1000,
      compute_team_bonus_bps: 200,
      compute_team_depth: 10,
    },
    { seed: false, fieldFallback: true },
  ),

  /** Chain pool: FREE burned per contribution (bps of its USDT value) and the levels by total. */
  /** Presale: FREE sold for USDT from the wallet balance, unlocked linearly like an airdrop. */
  'product.presale': setting(
    z.object({
      /** USDT per FREE (wei) */
      price_usdt_wei: weiString,
      /** FREE for sale in total (all presale allocations count) */
      quota_wei: weiString,
      /** most FREE one user may hold in presale allocations */
      max_per_user_wei: weiString,
      min_usdt_wei: weiString,
      max_usdt_wei: weiString,
      unlock_after_days: z.number().int().min(0).max(3650),
      unlock_days: z.number().int().min(1).max(3650),
    }),
    {
      price_usdt_wei: String(U / 20n),
      quota_wei: String(1_000_000n * U),
      max_per_user_wei: String(20_000n * U),
      min_usdt_wei: String(1n * U),
      max_usdt_wei: String(1000n * U),
      unlock_after_days: 0,
      unlock_days: 30,
    },
  ),
  'product.pool': setting(
    z.object({
      burn_bps: bps,
      /** ascending minimum total contribution (wei) of level 1, 2, … */
      levels: z.array(weiString).max(20),
      /** share of each day's contributions the settlement pays to the contributors' pool balances */
      income_bps: bps.default(1000),
    }),
    {
      burn_bps: DONATION_FREE_BURN_BPS,
      levels: [100n * U, 500n * U, 1000n * U, 3000n * U, 10_000n * U].map(String),
      income_bps: 1000,
    },
  ),
  /** Prediction rounds: period, fee on the losers' side, bet limits, how late a round may settle, tie band. */
  'product.rounds': setting(
    z.object({
      period_ms: z.number().int().min(10_000).max(3_600_000),
      fee_bps: bps,
      min_bet_wei: weiString,
      max_bet_wei: weiString,
      /** a round settled later than this after its end is refunded (its close price is unknown) */
      max_settle_delay_ms: z.number().int().min(1000),
      /** bets close this long before the round ends; the average over that window decides the round */
      bet_cutoff_ms: z.number().int().min(0).max(3_600_000).default(10_000),
      /** a move of the average price smaller than this (bps of the open price) is a tie, refunded */
      tie_bps: bps.default(10),
    }),
    {
      period_ms: 60_000,
      fee_bps: 500,
      min_bet_wei: String(1n * U),
      max_bet_wei: String(1000n * U),
      max_settle_delay_ms: 60_000,
      bet_cutoff_ms: 10_000,
      tie_bps: 10,
    },
  ),
  /** Huan Li Bao products and the dynamic share paid to the direct inviter. */
  'product.hlb': setting(
    z.object({
      products: z
        .array(
          z.object({
            code: z.string().regex(/^[a-z0-9_]{1,32}$/),
            daily_rate_ppm: z.number().int().min(0).max(12_000),
            lock_days: z.number().int().min(0).max(3650),
            min_wei: weiString,
            max_wei: weiString,
          }),
        )
        .max(20),
      /** share (bps) of a direct referral's static income credited to the inviter as dynamic income */
      dynamic_bps: bps,
    }),
    {
      products: [
        {
          code: 'flexible',
          daily_rate_ppm: 1000,
          lock_days: 0,
          min_wei: String(1n * U),
          max_wei: String(1000n * U),
        },
        {
          code: 'fixed_30',
          daily_rate_ppm: 3000,
          lock_days: 30,
          min_wei: String(10n * U),
          max_wei: String(1000n * U),
        },
        {
          code: 'fixed_90',
          daily_rate_ppm: 5000,
          lock_days: 90,
          min_wei: String(100n * U),
          max_wei: String(1000n * U),
        },
      ],
      dynamic_bps: 1000,
    },
  ),
  /** Quotes: FCC's price when it has no DEX pair; snapshot interval. */
  'product.quotes': setting(
    z.object({ fcc_price_wei: weiString, snapshot_every_ms: z.number().int().min(10_000) }),
    { fcc_price_wei: String(U / 10n), snapshot_every_ms: 300_000 },
  ),

  /** Team (docs/business-rules.md "Team"): a member is valid from this active stake. */
  'team.validMinAmount': setting(teamWei, String(DEFAULT_TEAM_RULES.validMinAmount), { seed: false }),
  /** zone-B performance of V1, V2, … ascending, comma-separated wei */
  'team.levelZoneB': setting(
    z.string().regex(/^\d{1,78}(,\d{1,78})*$/),
    DEFAULT_TEAM_RULES.levelZoneB.join(','),
    { seed: false },
  ),
  /** zone-B performance of team level F (above the last V level) */
  'team.levelF': setting(teamWei, String(DEFAULT_TEAM_RULES.levelF), { seed: false }),
  'team.tier.edge': setting(teamWei, String(DEFAULT_TEAM_RULES.tierStake.edge), { seed: false }),
  'team.tier.alliance': setting(teamWei, String(DEFAULT_TEAM_RULES.tierStake.alliance), { seed: false }),
  'team.tier.central': setting(teamWei, String(DEFAULT_TEAM_RULES.tierStake.central), { seed: false }),
  'team.tier.super': setting(teamWei, String(DEFAULT_TEAM_RULES.tierStake.super), { seed: false }),
  'team.parentsMax': setting(teamInt(1, 30), DEFAULT_TEAM_RULES.parentsMax, { seed: false }),
  'team.marketMakerCycle': setting(teamInt(0, 2), DEFAULT_TEAM_RULES.marketMakerCycle, { seed: false }),
  /** a market maker's own open principal for market-maker level 2, 3, … ascending, comma-separated wei */
  'team.marketMakerLevels': setting(
    z.string().regex(/^\d{1,78}(,\d{1,78})*$/),
    DEFAULT_TEAM_RULES.marketMakerLevels.join(','),
    { seed: false },
  ),

  /** the signer address last added by `ops signer:add` (a record for operators) */
  signer_address: setting(
    z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .nullable(),
    null,
    { seed: false },
  ),
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type Settings = { [K in SettingKey]: z.output<(typeof SETTINGS)[K]['schema']> };
export type MoneySettings = Settings['product_money'];
export type ProductConfigKey = Extract<SettingKey, `product.${string}`>;
export type ProductConfig = Pick<Settings, ProductConfigKey>;

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];
export const isSettingKey = (k: string): k is SettingKey => Object.hasOwn(SETTINGS, k);

/** Every setting at its default. */
export const DEFAULT_SETTINGS: Settings = Object.fromEntries(
  SETTING_KEYS.map((k) => [k, SETTINGS[k].default]),
) as Settings;

/** One stored value as the services see it: valid, else the default (field by field where marked). */
function readValue(key: SettingKey, raw: unknown): unknown {
  const entry = SETTINGS[key] as Entry<z.ZodType>;
  let value: unknown = entry.default;
  if (raw !== undefined) {
    const whole = entry.schema.safeParse(raw);
    if (whole.success) value = whole.data;
    else if (entry.fieldFallback && raw && typeof raw === 'object' && entry.schema instanceof z.ZodObject) {
      const out: Record<string, unknown> = { ...(entry.default as object) };
      for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
        const field = (entry.schema.shape as Record<string, z.ZodType>)[k];
        if (field?.safeParse(v).success) out[k] = v;
      }
      value = out;
    }
  }
  return entry.normalize ? entry.normalize(value) : value;
}

/** The typed settings from stored rows (key → JSON value); unknown keys are ignored. */
export function settingsFromRows(rows: Record<string, unknown>): Settings {
  const out: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) out[key] = deepFreeze(readValue(key, rows[key]));
  return out as Settings;
}

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

/** How long a process trusts its copy of the settings when another process may write them. */
export const SETTINGS_CACHE_TTL_MS = 5_000;

type CacheEntry = { settings: Settings; readAt: number };
const cache = new WeakMap<object, CacheEntry>();
/** bumped by every invalidation, so that a read started before a write does not store old values */
const generation = new WeakMap<object, number>();
/** the clock of the cache (monotonic); tests replace it to pass the TTL without waiting */
export const settingsClock = { now: () => performance.now() };

/**
 * All settings, typed. Answered from the per-database cache while it is younger than the TTL;
 * otherwise one `SELECT key, value FROM config`. An executor of unknown database (a nested
 * savepoint) reads without the cache.
 */
export async function getSettings(db: SqlRunner): Promise<Settings> {
  const root = rootOf(db);
  const hit = root && cache.get(root);
  if (hit && settingsClock.now() - hit.readAt < SETTINGS_CACHE_TTL_MS) return hit.settings;
  const gen = root ? (generation.get(root) ?? 0) : 0;
  const started = settingsClock.now();
  const res = (await db.execute(sql`SELECT key, value FROM config`)) as {
    rows: { key: string; value: unknown }[];
  };
  const settings = settingsFromRows(Object.fromEntries(res.rows.map((r) => [r.key, r.value])));
  if (root && (generation.get(root) ?? 0) === gen) cache.set(root, { settings, readAt: started });
  return settings;
}

/** One setting (same cache). */
export async function getSetting<K extends SettingKey>(db: SqlRunner, key: K): Promise<Settings[K]> {
  return (await getSettings(db))[key];
}

/** Drops this process's cached settings of the database (after writing config rows by hand). */
export function forgetSettings(db: object): void {
  const root = rootOf(db) ?? db;
  cache.delete(root);
  generation.set(root, (generation.get(root) ?? 0) + 1);
}

/** A value refused by its schema, or an unknown key; `message` names the key and each problem. */
export class SettingError extends Error {
  override name = 'SettingError';
}

/**
 * Validates a value for `key` and returns what would be stored: settings marked `fieldFallback`
 * take a partial object merged over `current`; the others are replaced whole.
 */
export function validateSetting(key: string, value: unknown, current: Settings): unknown {
  if (!isSettingKey(key))
    throw new SettingError(`unknown config key ${key}; known: ${SETTING_KEYS.join(', ')}`);
  const entry = SETTINGS[key] as Entry<z.ZodType>;
  const merged =
    entry.fieldFallback && value && typeof value === 'object' && !Array.isArray(value)
      ? { ...(current[key] as object), ...(value as object) }
      : value;
  const r = entry.schema.safeParse(merged);
  if (!r.success)
    throw new SettingError(
      `${key}: ${r.error.issues.map((i) => `${i.path.join('.') || 'value'} ${i.message}`).join('; ')}`,
    );
  return r.data;
}

/**
 * Sets one setting after validating it (SettingError when refused), and drops this process's cache
 * so that the next read sees it. Returns the stored value.
 */
export async function writeSetting<K extends SettingKey>(
  db: SqlRunner,
  key: K,
  value: unknown,
  now: Date = new Date(),
): Promise<Settings[K]> {
  const stored = validateSetting(key, value, await getSettings(db));
  await db.execute(sql`INSERT INTO config (key, value, updated_at)
    VALUES (${key}, ${JSON.stringify(stored)}::jsonb, ${now.toISOString()}::timestamptz)
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`);
  forgetSettings(db);
  return stored as Settings[K];
}

/** Inserts the default of every seeded setting not present yet (never overwrites an operator's value). */
export async function seedSettings(db: SqlRunner): Promise<void> {
  for (const key of SETTING_KEYS) {
    if (!SETTINGS[key].seed) continue;
    await db.execute(sql`INSERT INTO config (key, value)
      VALUES (${key}, ${JSON.stringify(SETTINGS[key].default)}::jsonb) ON CONFLICT (key) DO NOTHING`);
  }
  forgetSettings(db);
}

export const wei = (s: string): bigint => BigInt(s);
/** The one server check of a module switch: protocol's rule (a missing switch is closed). */
export const isModuleOpen = (s: Settings, m: ModuleKey): boolean => moduleOpen(s.modules, m);

/** The team thresholds as the rules read them. */
export function teamRulesOf(s: Settings): TeamRules {
  return {
    validMinAmount: BigInt(s['team.validMinAmount']),
    levelZoneB: s['team.levelZoneB'].split(',').map((v) => BigInt(v)),
    levelF: BigInt(s['team.levelF']),
    tierStake: {
      edge: BigInt(s['team.tier.edge']),
      alliance: BigInt(s['team.tier.alliance']),
      central: BigInt(s['team.tier.central']),
      super: BigInt(s['team.tier.super']),
    },
    parentsMax: s['team.parentsMax'],
    marketMakerCycle: s['team.marketMakerCycle'],
    marketMakerLevels: s['team.marketMakerLevels'].split(',').map((v) => BigInt(v)),
  };
}

/** Generations paid to an account of level V{n}. */
export function depthForLevel(s: MoneySettings, level: number): number {
  const d = s.depth_by_level;
  return d[Math.min(level, d.length - 1)] ?? 0;
}

/** USDT equivalent of a FREE amount at the configured price, rounded down. */
export const usdtOfFree = (s: MoneySettings, free: bigint): bigint =>
  (free * BigInt(s.free_price_usdt_wei)) / U;
/** FREE equivalent of a USDT amount at the configured price, rounded down. */
export const freeOfUsdt = (s: MoneySettings, usdt: bigint): bigint => {
  const price = BigInt(s.free_price_usdt_wei);
  return price === 0n ? 0n : (usdt * U) / price;
};

/** The USDT value of `fcc` wei at `fcc_price_usdt_wei` (rounded down): what the FCC bonus weighs in the income budget. */
export const usdtOfFcc = (s: MoneySettings, fcc: bigint): bigint => (fcc * BigInt(s.fcc_price_usdt_wei)) / U;
