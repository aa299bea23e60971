// DB-backed business settings (DESIGN §6): defaults seeded at start, operators change the rows.
// Every value is validated when read; a malformed row falls back to its default.
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { MODULE_KEYS, type ModuleKey } from '@free/protocol/modules';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../db/client.ts';
import { config as configTable } from '../db/schema/index.ts';

const weiString = z.string().regex(/^\d{1,78}$/);

const cycleSchema = z.object({
  days: z.number().int().positive(),
  rate_ppm: z.number().int().min(0).max(12_000),
  fee_bps: z.number().int().min(0).max(10_000),
});

export const SETTING_SCHEMAS = {
  twitter_url: z.string(),
  telegram_url: z.string(),
  min_investment_free_wei: weiString,
  max_investment_wei: weiString,
  min_amount_wei: weiString,
  max_amount_wei: weiString,
  max_recharge_wei: weiString,
  min_withdraw_wei: weiString,
  cycles: z.array(cycleSchema).length(3),
  ignition_free_wei: weiString,
  fomo_floor_wei: weiString,
  market_maker: z.object({
    turnover_wei: weiString,
    principal_share_bps: z.number().int().min(0).max(10_000),
    fcc_multiplier: z.number().min(0),
  }),
  modules: z.record(z.string(), z.boolean()),
  recharge_order_ttl_sec: z.number().int().min(60).max(86_400),
} as const;

type SettingKey = keyof typeof SETTING_SCHEMAS;
export type Settings = { [K in SettingKey]: z.infer<(typeof SETTING_SCHEMAS)[K]> };

export const DEFAULT_SETTINGS: Settings = {
  twitter_url: 'https://x.com/',
  telegram_url: 'https://t.me/',
  min_investment_free_wei: String(100n * U),
  max_investment_wei: String(1000n * U),
  min_amount_wei: String(1n * U),
  max_amount_wei: String(1000n * U),
  max_recharge_wei: String(1000n * U),
  min_withdraw_wei: String(1n * U),
  cycles: [
    { days: 7, rate_ppm: 6000, fee_bps: 200 },
    { days: 15, rate_ppm: 9000, fee_bps: 200 },
    { days: 30, rate_ppm: 12000, fee_bps: 200 },
  ],
  ignition_free_wei: String(100n * U),
  fomo_floor_wei: String(500n * U),
  market_maker: { turnover_wei: String(3000n * U), principal_share_bps: 2000, fcc_multiplier: 2 },
  // every module of protocol's list; the money paths that exist on chain start open
  modules: {
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
  } satisfies Record<ModuleKey, boolean>,
  recharge_order_ttl_sec: 1800,
};

/** Inserts the default of every setting not present yet (never overwrites an operator's value). */
export async function seedSettings(db: Executor): Promise<void> {
  const rows = Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value }));
  await db.insert(configTable).values(rows).onConflictDoNothing();
}

export async function getSettings(db: Executor): Promise<Settings> {
  const rows = await db
    .select({ key: configTable.key, value: configTable.value })
    .from(configTable)
    .where(sql`${configTable.key} NOT LIKE 'team.%'`);
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const { key, value } of rows) {
    const schema = SETTING_SCHEMAS[key as SettingKey];
    if (!schema) continue;
    const parsed = schema.safeParse(value);
    if (!parsed.success) continue;
    out[key] = key === 'modules' ? knownModules(parsed.data as Record<string, boolean>) : parsed.data;
  }
  return out as Settings;
}

/** The switches of protocol's module list: stored values over the defaults, unknown keys dropped. */
function knownModules(stored: Record<string, boolean>): Record<ModuleKey, boolean> {
  const out = { ...DEFAULT_SETTINGS.modules } as Record<ModuleKey, boolean>;
  for (const k of MODULE_KEYS) if (typeof stored[k] === 'boolean') out[k] = stored[k];
  return out;
}

export const wei = (s: string): bigint => BigInt(s);
export const isModuleOpen = (s: Settings, m: ModuleKey): boolean => s.modules[m] === true;
