// The market-maker bonus (docs/business-rules.md "Market-maker bonus"), the one place it is
// computed: a stake of the market-maker cycle whose owner's 30-day turnover, the stake itself
// included, reaches the threshold earns principal × share × multiplier worth of FCC. Balance
// orders (fixed at purchase) and on-chain stakes (the order list, settlement) read the same SQL, so
// their qualification and rounding cannot drift apart.
import { WEI_PER_UNIT } from '@free/protocol/amount';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type SqlRunner } from '../db/client.ts';
import type { Settings } from './settings.ts';

/**
 * SQL: the USDT a user staked in the 30 days up to `at` (balance orders and on-chain stakes,
 * stakes at `at` included); renewals (round > 1) are no new purchase and do not count.
 */
export function turnoverSql(userId: SQL, at: SQL): SQL {
  const window = (t: string) =>
    sql`(SELECT sum(x.amount) FROM ${sql.raw(t)} x WHERE x.user_id = ${userId} AND x.round = 1
      AND x.staked_at > ${at} - interval '30 days' AND x.staked_at <= ${at})`;
  return sql`(coalesce(${window('stake_orders')}, 0) + coalesce(${window('chain_stakes')}, 0))`;
}

/** A user's 30-day turnover up to `now` (the stake page shows it). */
export async function turnover30d(db: SqlRunner, userId: number, now: Date): Promise<bigint> {
  const [r] = rowsOf<{ s: string }>(
    await db.execute(
      sql`SELECT ${turnoverSql(sql`${userId}::int`, sql`${now.toISOString()}::timestamptz`)}::text AS s`,
    ),
  );
  return BigInt(r?.s ?? '0');
}

/**
 * SQL: the bonus in FCC wei of the stake row `stake` (a `stake_orders` or `chain_stakes` alias with
 * user_id, cycle, round, staked_at and principal): 0 unless it qualifies.
 */
export function marketMakerBonusSql(stake: string, s: Settings, mmCycle: number): SQL {
  const mm = s.market_maker;
  const multiplierBps = BigInt(Math.round(mm.fcc_multiplier * 10_000));
  const fccPrice = s.product_money.fcc_price_usdt_wei;
  const col = (c: string) => sql.raw(`${stake}.${c}`);
  const usdt = sql`div(${col('principal')} * ${mm.principal_share_bps}::int * ${multiplierBps.toString()}::numeric, 100000000)`;
  return sql`(CASE WHEN ${col('cycle')} = ${mmCycle}::int AND ${col('round')} = 1
      AND ${turnoverSql(col('user_id'), col('staked_at'))} >= ${mm.turnover_wei}::numeric
      AND ${fccPrice}::numeric > 0
    THEN div(${usdt} * ${WEI_PER_UNIT.toString()}::numeric, ${fccPrice}::numeric)
    ELSE 0 END)`;
}
