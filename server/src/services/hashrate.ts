// Computing power (hashrate) from hashrate_grants: the whole network, the user's own, and the
// direct-referral and team bonuses granted on their team's contributions.
// One unit for every grant: H/s in 1e18 fixed point (like a token amount, so the API shows it with
// amt as a decimal string in H/s). A machine of N H/s grants N × 1e18; settlement's computing
// power grants 1 H/s per USDT contributed, i.e. the contribution's USDT wei as they are.
import { WEI_PER_UNIT } from '@free/protocol/amount';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import type { MoneySettings } from './settings.ts';

/** Grant units (1e18 fixed point) per whole H/s. */
export const HASHRATE_UNIT = WEI_PER_UNIT;

/** The grant of a machine of `hs` whole H/s. */
export const machineGrant = (hs: bigint): bigint => hs * HASHRATE_UNIT;

/**
 * Computing power of renewal contributions (balance renewals in settlement, on-chain renewals in
 * the indexer; docs/business-rules.md "Automatic renewal"): `src` selects (user_id, ref,
 * contribution, at); the user gets `rwa_contribution`, the direct inviter and the team up to
 * `compute_team_depth` their bonus shares. Once per (source, ref).
 */
export async function grantComputePower(tx: Executor, src: SQL, money: MoneySettings): Promise<void> {
  const far = '9999-12-31T00:00:00.000Z';
  await tx.execute(sql`
    WITH r AS (${src})
    INSERT INTO hashrate_grants (user_id, source, ref, amount, starts_at, ends_at)
    SELECT user_id, 'rwa_contribution', ref, contribution, at, ${far}::timestamptz
    FROM r WHERE contribution > 0
    UNION ALL
    SELECT p.ancestor_id, CASE WHEN p.depth = 1 THEN 'direct_bonus' ELSE 'team_bonus' END,
      r.ref || ':' || p.ancestor_id,
      div(r.contribution * CASE WHEN p.depth = 1 THEN ${money.compute_direct_bonus_bps}::int ELSE ${money.compute_team_bonus_bps}::int END, 10000),
      r.at, ${far}::timestamptz
    FROM r JOIN team_paths p ON p.descendant_id = r.user_id
    WHERE r.contribution > 0 AND p.depth <= ${Math.max(1, money.compute_team_depth)}::int
    ON CONFLICT (source, ref) DO NOTHING`);
}

export type HashrateView = {
  network: bigint;
  own: bigint;
  directBonus: bigint;
  teamBonus: bigint;
  total: bigint;
};

export async function hashrateOf(db: Executor, userId: number, now: Date): Promise<HashrateView> {
  const t = now.toISOString();
  const [r] = rowsOf<{ network: string; own: string; direct: string; team: string }>(
    await db.execute(sql`SELECT
      coalesce(sum(amount) FILTER (WHERE source NOT IN ('direct_bonus', 'team_bonus')), 0)::text AS network,
      coalesce(sum(amount) FILTER (WHERE user_id = ${userId} AND source NOT IN ('direct_bonus', 'team_bonus')), 0)::text AS own,
      coalesce(sum(amount) FILTER (WHERE user_id = ${userId} AND source = 'direct_bonus'), 0)::text AS direct,
      coalesce(sum(amount) FILTER (WHERE user_id = ${userId} AND source = 'team_bonus'), 0)::text AS team
      FROM hashrate_grants WHERE starts_at <= ${t} AND ends_at > ${t}`),
  );
  const own = BigInt(r?.own ?? '0');
  const directBonus = BigInt(r?.direct ?? '0');
  const teamBonus = BigInt(r?.team ?? '0');
  return {
    network: BigInt(r?.network ?? '0'),
    own,
    directBonus,
    teamBonus,
    total: own + directBonus + teamBonus,
  };
}
