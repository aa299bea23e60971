// Computing power (hashrate) from hashrate_grants: the whole network, the user's own, and the
// direct-referral and team bonuses granted on their team's contributions.
// One unit for every grant: H/s in 1e18 fixed point (like a token amount, so the API shows it with
// amt as a decimal string in H/s). A machine of N H/s grants N × 1e18; settlement's computing
// power grants 1 H/s per USDT contributed, i.e. the contribution's USDT wei as they are.
import { WEI_PER_UNIT } from '@free/protocol/amount';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';

/** Grant units (1e18 fixed point) per whole H/s. */
export const HASHRATE_UNIT = WEI_PER_UNIT;

/** The grant of a machine of `hs` whole H/s. */
export const machineGrant = (hs: bigint): bigint => hs * HASHRATE_UNIT;

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
