// Product-money settings (DESIGN §6: every rate is configuration). Stored in the `config` table
// under the key `product_money` (one JSON object; missing or malformed fields fall back to the
// defaults below, documented in docs/business-rules.md "Staking & settlement").
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../db/client.ts';
import { config as configTable } from '../db/schema/index.ts';

const weiString = z.string().regex(/^\d{1,78}$/);

export const MONEY_SETTINGS_KEY = 'product_money';

const schema = z.object({
  /** dynamic income: bps of a descendant's static income per generation (index 0 = direct) */
  generation_bps: z.array(z.number().int().min(0).max(10_000)).max(30),
  /** generations paid by level: depth_by_level[n] for V{n} (last entry for higher levels) */
  depth_by_level: z.array(z.number().int().min(0).max(30)).min(1),
  /** USDT price of one FREE / one FCC (wei of USDT per 1e18), for equivalents off chain */
  free_price_usdt_wei: weiString,
  fcc_price_usdt_wei: weiString,
  /** FOMO pool: share of stake fees (their FREE equivalent) that flows in */
  fomo_fee_share_bps: z.number().int().min(0).max(10_000),
  /** a stake of at least this amount (USDT) resets the countdown */
  fomo_min_stake_wei: weiString,
  fomo_countdown_sec: z
    .number()
    .int()
    .min(60)
    .max(30 * 86_400),
  fomo_last_participants: z.number().int().min(1).max(100),
  /** computing power: every N-th round, share of principal + income (SPEC §9) */
  compute_every_rounds: z.number().int().min(1).max(100),
  compute_share_bps: z.number().int().min(0).max(10_000),
  /** computing-power bonus to the direct inviter and to each further ancestor (bps of the contribution) */
  compute_direct_bonus_bps: z.number().int().min(0).max(10_000),
  compute_team_bonus_bps: z.number().int().min(0).max(10_000),
  compute_team_depth: z.number().int().min(0).max(30),
});

export type MoneySettings = z.infer<typeof schema>;

export const DEFAULT_MONEY_SETTINGS: MoneySettings = {
  generation_bps: [1000, 500, 300, 200, 100, 100, 100, 100, 100, 100],
  depth_by_level: [1, 3, 5, 7, 10],
  free_price_usdt_wei: String(1n * U),
  fcc_price_usdt_wei: String(1n * U),
  fomo_fee_share_bps: 5000,
  fomo_min_stake_wei: String(100n * U),
  fomo_countdown_sec: 86_400,
  fomo_last_participants: 10,
  compute_every_rounds: 3,
  compute_share_bps: 2000,
  compute_direct_bonus_bps: 1000,
  compute_team_bonus_bps: 200,
  compute_team_depth: 10,
};

export async function getMoneySettings(db: Executor): Promise<MoneySettings> {
  const rows = await db
    .select({ value: configTable.value })
    .from(configTable)
    .where(sql`${configTable.key} = ${MONEY_SETTINGS_KEY}`);
  const raw = rows[0]?.value;
  const out: Record<string, unknown> = { ...DEFAULT_MONEY_SETTINGS };
  if (raw && typeof raw === 'object') {
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
      const field = schema.shape[k as keyof MoneySettings];
      if (field?.safeParse(v).success) out[k] = v;
    }
  }
  return out as MoneySettings;
}

/** Operators (and tests) change settings by merging fields into the stored object. */
export async function setMoneySettings(db: Executor, patch: Partial<MoneySettings>): Promise<void> {
  const parsed = schema.partial().parse(patch);
  const current = await getMoneySettings(db);
  const value = { ...current, ...parsed };
  await db
    .insert(configTable)
    .values({ key: MONEY_SETTINGS_KEY, value })
    .onConflictDoUpdate({ target: configTable.key, set: { value, updatedAt: new Date() } });
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
export const fccOfUsdt = (s: MoneySettings, usdt: bigint): bigint => {
  const price = BigInt(s.fcc_price_usdt_wei);
  return price === 0n ? 0n : (usdt * U) / price;
};
