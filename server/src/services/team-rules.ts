// Team thresholds (levels V{n} and F, node tiers, valid member) and the pure rules that read them.
// Defaults are documented in docs/business-rules.md ("Team"); operators override them through the
// settings registry (`team.*` keys of services/settings.ts).
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { type SQL, sql } from 'drizzle-orm';

export type Wei = bigint;

export const NODE_TIERS = ['ordinary', 'edge', 'alliance', 'central', 'super'] as const;
export type NodeTier = (typeof NODE_TIERS)[number];

export type TeamRules = {
  /** A member is valid while their active staked amount (sum of open stakes) is at least this. */
  validMinAmount: Wei;
  /** Zone-B performance needed for V1, V2, … (ascending). Below the first: V0. */
  levelZoneB: Wei[];
  /** Zone-B performance of team level F, the team level above the last V{n}. */
  levelF: Wei;
  /** Own active principal + team performance needed for edge, alliance, central, super. */
  tierStake: { edge: Wei; alliance: Wei; central: Wei; super: Wei };
  /** How many inviters (nearest first) `stake_ref_address` returns and signs. */
  parentsMax: number;
  /** Stake cycle index that makes a member a market maker (the 30-day cycle, docs/business-rules.md "Constants"). */
  marketMakerCycle: number;
  /** A market maker's own open principal needed for market-maker level 2, 3, … (ascending); level 1 below the first. */
  marketMakerLevels: Wei[];
};

export const DEFAULT_TEAM_RULES: TeamRules = {
  validMinAmount: 1n * U,
  levelZoneB: [5_000n, 20_000n, 50_000n, 150_000n, 500_000n, 1_500_000n, 5_000_000n].map((v) => v * U),
  levelF: 15_000_000n * U,
  tierStake: { edge: 10_000n * U, alliance: 50_000n * U, central: 200_000n * U, super: 1_000_000n * U },
  parentsMax: 10,
  marketMakerCycle: 2,
  marketMakerLevels: [3_000n, 10_000n, 30_000n, 100_000n].map((v) => v * U),
};

/** V{n}: the highest level whose zone-B threshold is reached (0 when none). */
export function teamLevel(zoneB: Wei, rules: TeamRules = DEFAULT_TEAM_RULES): number {
  let level = 0;
  rules.levelZoneB.forEach((threshold, i) => {
    if (zoneB >= threshold) level = i + 1;
  });
  return level;
}

/**
 * teamLevel as SQL over a zone-B expression (set-based settlement reads it): the same thresholds
 * from the same rules, the highest one reached first. `zoneB` is read once per threshold, so pass a
 * column, not a subquery.
 */
export function teamLevelSql(zoneB: SQL, rules: TeamRules = DEFAULT_TEAM_RULES): SQL {
  const reached = rules.levelZoneB
    .map((threshold, i) => sql`WHEN ${zoneB} >= ${threshold.toString()}::numeric THEN ${i + 1}::int`)
    .reverse();
  return reached.length === 0 ? sql`0` : sql`(CASE ${sql.join(reached, sql` `)} ELSE 0 END)`;
}

/**
 * VIP level n (docs/business-rules.md "VIP and market-maker levels"): a member of user level V{n}
 * with n ≥ 1 is a VIP of level n; 0 = ordinary member (V0).
 */
export const vipLevel = (userLevel: number): number => (userLevel >= 1 ? userLevel : 0);

/**
 * Market-maker level n: 0 for a member who is not a market maker (no open stake in the market-maker
 * cycle); a market maker is level 1, plus one for each `marketMakerLevels` threshold their own open
 * principal reaches.
 */
export function marketMakerLevel(
  isMarketMaker: boolean,
  ownPrincipal: Wei,
  rules: TeamRules = DEFAULT_TEAM_RULES,
): number {
  if (!isMarketMaker) return 0;
  return 1 + rules.marketMakerLevels.filter((threshold) => ownPrincipal >= threshold).length;
}

export type TeamLevelLabel = 'F' | `V${number}`;

/**
 * The team level shown to users (docs/business-rules.md "Team level V or F"): F once zone B reaches `levelF` (and
 * the last V threshold, so a misconfigured low F never skips the V levels), else V{n}.
 */
export function teamLevelLabel(zoneB: Wei, rules: TeamRules = DEFAULT_TEAM_RULES): TeamLevelLabel {
  const lastV = rules.levelZoneB.at(-1) ?? 0n;
  if (zoneB >= rules.levelF && zoneB >= lastV) return 'F';
  return `V${teamLevel(zoneB, rules)}`;
}

export function nodeTier(
  ownPrincipal: Wei,
  teamPerformance: Wei,
  rules: TeamRules = DEFAULT_TEAM_RULES,
): NodeTier {
  const total = ownPrincipal + teamPerformance;
  const t = rules.tierStake;
  if (total >= t.super) return 'super';
  if (total >= t.central) return 'central';
  if (total >= t.alliance) return 'alliance';
  if (total >= t.edge) return 'edge';
  return 'ordinary';
}

/** Zone A = the largest direct leg; zone B = every other leg. */
export function zones(largestLeg: Wei, totalPerformance: Wei): { zoneA: Wei; zoneB: Wei } {
  const zoneA = largestLeg > totalPerformance ? totalPerformance : largestLeg;
  return { zoneA, zoneB: totalPerformance - zoneA };
}

/** zones(…).zoneB as SQL over two column expressions. */
export const zoneBSql = (largestLeg: SQL, totalPerformance: SQL): SQL =>
  sql`(${totalPerformance} - LEAST(${largestLeg}, ${totalPerformance}))`;
