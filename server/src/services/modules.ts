// Feature switches and the configuration of the product modules (DESIGN §6): DB rows under
// `product.*` keys of the config table, validated when read, defaults written here once.
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../db/client.ts';
import { config as configTable } from '../db/schema/index.ts';

const weiString = z.string().regex(/^\d{1,78}$/);
const bps = z.number().int().min(0).max(10_000);

export const PRODUCT_CONFIG_SCHEMAS = {
  /** Chain pool: FREE burned per contribution (bps of its USDT value) and the levels by total. */
  'product.pool': z.object({
    burn_bps: bps,
    /** ascending minimum total contribution (wei) of level 1, 2, … */
    levels: z.array(weiString).max(20),
  }),
  /** Prediction rounds: period, fee on the losers' side, bet limits, how late a round may settle, tie band. */
  'product.rounds': z.object({
    period_ms: z.number().int().min(10_000).max(3_600_000),
    fee_bps: bps,
    min_bet_wei: weiString,
    max_bet_wei: weiString,
    /** a round settled later than this after its end is refunded (its close price is unknown) */
    max_settle_delay_ms: z.number().int().min(1000),
    /** bets close this long before the round ends (a late bet would already see the price move) */
    bet_cutoff_ms: z.number().int().min(0).max(3_600_000).default(10_000),
    /** a move of the average price smaller than this (bps of the open price) is a tie, refunded */
    tie_bps: bps.default(10),
  }),
  /** Huan Li Bao products and the dynamic share paid to the direct inviter. */
  'product.hlb': z.object({
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
  /** Quotes: FCC's price when it has no DEX pair; snapshot interval. */
  'product.quotes': z.object({
    fcc_price_wei: weiString,
    snapshot_every_ms: z.number().int().min(10_000),
  }),
} as const;

export type ProductConfigKey = keyof typeof PRODUCT_CONFIG_SCHEMAS;
export type ProductConfig = { [K in ProductConfigKey]: z.infer<(typeof PRODUCT_CONFIG_SCHEMAS)[K]> };

export const DEFAULT_PRODUCT_CONFIG: ProductConfig = {
  'product.pool': {
    burn_bps: 200,
    levels: [100n * U, 500n * U, 1000n * U, 3000n * U, 10_000n * U].map(String),
  },
  'product.rounds': {
    period_ms: 60_000,
    fee_bps: 500,
    min_bet_wei: String(1n * U),
    max_bet_wei: String(1000n * U),
    max_settle_delay_ms: 60_000,
    bet_cutoff_ms: 10_000,
    tie_bps: 10,
  },
  'product.hlb': {
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
  'product.quotes': { fcc_price_wei: String(U / 10n), snapshot_every_ms: 300_000 },
};

export const isProductConfigKey = (k: string): k is ProductConfigKey => k in PRODUCT_CONFIG_SCHEMAS;

/** Inserts each default not present yet (never overwrites an operator's value). */
export async function seedProductConfig(db: Executor): Promise<void> {
  const rows = Object.entries(DEFAULT_PRODUCT_CONFIG).map(([key, value]) => ({ key, value }));
  await db.insert(configTable).values(rows).onConflictDoNothing();
}

/** One product setting; a missing or malformed row answers the default. */
export async function getProductConfig<K extends ProductConfigKey>(
  db: Executor,
  key: K,
): Promise<ProductConfig[K]> {
  const [row] = await db
    .select()
    .from(configTable)
    .where(inArray(configTable.key, [key]));
  if (row) {
    const parsed = PRODUCT_CONFIG_SCHEMAS[key].safeParse(row.value);
    if (parsed.success) return parsed.data as ProductConfig[K];
  }
  return DEFAULT_PRODUCT_CONFIG[key];
}
