// Referral tree and team figures: binding, stake effects on the counters, team_info, direct list.
// Every write is set-based and runs inside the caller's transaction (same tx as the event).
import { DAY_MS } from '@free/protocol/constants';
import { sql } from 'drizzle-orm';
import { rows, type SqlRunner } from '../db/client.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { notifyTeam } from './events.ts';
import type { ReadCache } from './read-cache.ts';
import { forgetUser } from './session-cache.ts';
import { getSettings, teamRulesOf } from './settings.ts';
import {
  marketMakerLevel,
  type NodeTier,
  nodeTier,
  type TeamLevelLabel,
  type TeamRules,
  teamLevel,
  teamLevelLabel,
  vipLevel,
  zones,
} from './team-rules.ts';

/** A refused binding: code InviterInvalid, `reason` says why (self, cycle, unknown user). */
export class TeamError extends AppError {
  override name = 'TeamError';
  constructor(readonly reason: 'self' | 'cycle' | 'unknown_user') {
    super(ErrorCode.InviterInvalid, 'inviter', reason);
  }
}

const BIND_LOCK_KEY = 0x7465616d; // 'team': serialises bindings so two cannot form a cycle together

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The team thresholds of the settings registry (`team.*`). */
export async function loadTeamRules(tx: SqlRunner): Promise<TeamRules> {
  return teamRulesOf(await getSettings(tx));
}

async function ensureStats(tx: SqlRunner, userIds: number[]): Promise<void> {
  for (const id of userIds) {
    await tx.execute(sql`INSERT INTO team_stats (user_id) VALUES (${id}) ON CONFLICT (user_id) DO NOTHING`);
  }
}

export type BindResult = { bound: true } | { bound: false; reason: 'already_bound' };

/**
 * Binds `userId` under `inviterId` once. Refuses self and cycles (TeamError); a user already bound
 * keeps their inviter (`{ bound: false }`). Moves the user's existing subtree, if any, with them.
 */
export async function bindInviter(
  tx: SqlRunner,
  userId: number,
  inviterId: number,
  at: Date = new Date(),
): Promise<BindResult> {
  if (userId === inviterId) throw new TeamError('self');
  // The user's row first, then the global binding lock: the same order as sign-in (which holds the
  // user's row), so a binding from the indexer and a sign-in cannot deadlock.
  const me0 = await rows<{ id: number }>(tx, sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
  const inv0 = await rows<{ id: number }>(tx, sql`SELECT id FROM users WHERE id = ${inviterId}`);
  if (me0.length === 0 || inv0.length === 0) throw new TeamError('unknown_user');
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${BIND_LOCK_KEY})`);
  await ensureStats(tx, [userId, inviterId]);
  const [me] = await rows<{
    inviter_id: number | null;
    team_count: number;
    valid_count: number;
    market_makers: number;
    performance: string;
    own_principal: string;
    is_valid: boolean;
    is_market_maker: boolean;
  }>(
    tx,
    sql`SELECT inviter_id, team_count, valid_count, market_makers, performance::text, own_principal::text,
      is_valid, is_market_maker FROM team_stats WHERE user_id = ${userId} FOR UPDATE`,
  );
  if (!me) throw new TeamError('unknown_user');
  if (me.inviter_id !== null) return { bound: false, reason: 'already_bound' };
  const cycle = await rows(
    tx,
    sql`SELECT 1 FROM team_paths WHERE ancestor_id = ${userId} AND descendant_id = ${inviterId}`,
  );
  if (cycle.length > 0) throw new TeamError('cycle');

  // Every (ancestor-or-inviter) × (user-or-descendant) pair in one statement.
  await tx.execute(sql`
    INSERT INTO team_paths (ancestor_id, descendant_id, depth, leg_id)
    SELECT a.ancestor_id, d.descendant_id, a.depth + d.depth + 1,
           CASE WHEN a.depth = 0 THEN ${userId}::int ELSE a.leg_id END
    FROM (SELECT ancestor_id, depth, leg_id FROM team_paths WHERE descendant_id = ${inviterId}
          UNION ALL SELECT ${inviterId}::int, 0, NULL::int) a
    CROSS JOIN (SELECT descendant_id, depth FROM team_paths WHERE ancestor_id = ${userId}
          UNION ALL SELECT ${userId}::int, 0) d`);

  const count = 1 + me.team_count;
  const valid = me.valid_count + (me.is_valid ? 1 : 0);
  const mm = me.market_makers + (me.is_market_maker ? 1 : 0);
  const perf = BigInt(me.performance) + BigInt(me.own_principal);
  const day = utcDay(at);

  await lockAncestors(tx, inviterId, true);
  await tx.execute(sql`
    UPDATE team_stats SET team_count = team_count + ${count}, valid_count = valid_count + ${valid},
      market_makers = market_makers + ${mm}, performance = performance + ${perf.toString()}::numeric
    WHERE user_id IN (SELECT ancestor_id FROM team_paths WHERE descendant_id = ${inviterId}) OR user_id = ${inviterId}`);
  await tx.execute(sql`UPDATE team_stats SET direct_count = direct_count + 1 WHERE user_id = ${inviterId}`);
  await tx.execute(sql`
    INSERT INTO team_legs (user_id, leg_id, performance)
    SELECT ancestor_id, leg_id, ${perf.toString()}::numeric FROM team_paths WHERE descendant_id = ${userId}
    ON CONFLICT (user_id, leg_id) DO UPDATE SET performance = team_legs.performance + excluded.performance`);
  await tx.execute(sql`
    INSERT INTO team_daily (user_id, day, new_count, valid_count)
    SELECT ancestor_id, ${day}::date, ${count}, ${valid} FROM team_paths WHERE descendant_id = ${userId}
    ON CONFLICT (user_id, day) DO UPDATE SET new_count = team_daily.new_count + excluded.new_count,
      valid_count = team_daily.valid_count + excluded.valid_count`);
  await tx.execute(
    sql`UPDATE team_stats SET inviter_id = ${inviterId}, bound_at = ${at.toISOString()}::timestamptz WHERE user_id = ${userId}`,
  );
  await tx.execute(
    sql`UPDATE users SET inviter_id = ${inviterId} WHERE id = ${userId} AND inviter_id IS NULL`,
  );
  forgetUser(userId);
  await notifyTeam(tx);
  return { bound: true };
}

/** Locks the counter rows of a user's ancestors in id order (no deadlock between concurrent events). */
async function lockAncestors(tx: SqlRunner, userId: number, includeSelf: boolean): Promise<void> {
  await tx.execute(sql`
    SELECT user_id FROM team_stats
    WHERE user_id IN (SELECT ancestor_id FROM team_paths WHERE descendant_id = ${userId})
       OR (${includeSelf} AND user_id = ${userId})
    ORDER BY user_id FOR UPDATE`);
}

export type StakeChange = {
  userId: number;
  /** + principal on stake, − principal on unstake */
  principalDelta: bigint;
  /** + gross amount on stake, − on unstake (validity threshold) */
  amountDelta: bigint;
  /** +1 on stake, −1 on unstake */
  activeDelta: number;
  /** the stake's cycle index (market makers hold an active stake in the market-maker cycle) */
  cycle: number;
  at: Date;
};

/** Applies one stake or unstake to the user's own figures and to every ancestor's team figures. */
export async function applyStakeChange(tx: SqlRunner, c: StakeChange, rules?: TeamRules): Promise<void> {
  await applyStakeChanges(tx, [c], rules);
}

/** A Postgres array literal of numbers, bigints or booleans (one parameter, whatever its length). */
const pgArray = (values: readonly (number | bigint | boolean | string)[]) => `{${values.join(',')}}`;

/**
 * Applies stakes and unstakes, in the order given, to the users' own figures and to every
 * ancestor's team figures: the same result as applying them one by one, in a fixed number of
 * statements whatever their number (the indexer applies thousands of logs at once). The users'
 * and their ancestors' counter rows are locked in id order first, like every team write.
 */
export async function applyStakeChanges(
  tx: SqlRunner,
  changes: readonly StakeChange[],
  rules?: TeamRules,
): Promise<void> {
  if (changes.length === 0) return;
  await notifyTeam(tx);
  const r = rules ?? (await loadTeamRules(tx));
  const ids = [...new Set(changes.map((c) => c.userId))].sort((x, y) => x - y);
  const idList = pgArray(ids);
  await tx.execute(
    sql`INSERT INTO team_stats (user_id) SELECT unnest(${idList}::int[]) ON CONFLICT (user_id) DO NOTHING`,
  );
  await tx.execute(sql`
    SELECT user_id FROM team_stats
    WHERE user_id IN (SELECT ancestor_id FROM team_paths WHERE descendant_id = ANY(${idList}::int[]))
       OR user_id = ANY(${idList}::int[])
    ORDER BY user_id FOR UPDATE`);
  const before = await rows<{
    user_id: number;
    is_valid: boolean;
    is_market_maker: boolean;
    own_amount: string;
    active_stakes: number;
    mm_stakes: number;
  }>(
    tx,
    sql`SELECT user_id, is_valid, is_market_maker, own_amount::text, active_stakes, mm_stakes
      FROM team_stats WHERE user_id = ANY(${idList}::int[])`,
  );
  // each user's figures after each change, in order, as one change at a time would leave them
  type State = {
    ownAmount: bigint;
    active: number;
    mmStakes: number;
    isValid: boolean;
    isMm: boolean;
    principal: bigint;
    dValid: number;
    dMm: number;
    legs: boolean;
  };
  const state = new Map<number, State>();
  for (const b of before) {
    state.set(Number(b.user_id), {
      ownAmount: BigInt(b.own_amount),
      active: b.active_stakes,
      mmStakes: b.mm_stakes,
      isValid: b.is_valid,
      isMm: b.is_market_maker,
      principal: 0n,
      dValid: 0,
      dMm: 0,
      legs: false,
    });
  }
  /** `${user}|${day}` → accounts that became valid that day (team_daily) */
  const becameValid = new Map<string, number>();
  for (const c of changes) {
    const st = state.get(c.userId);
    if (!st) throw new TeamError('unknown_user');
    st.ownAmount += c.amountDelta;
    st.active += c.activeDelta;
    st.mmStakes += c.cycle === r.marketMakerCycle ? c.activeDelta : 0;
    const isValid = st.active > 0 && st.ownAmount >= r.validMinAmount;
    const isMm = st.mmStakes > 0;
    const dValid = Number(isValid) - Number(st.isValid);
    st.dValid += dValid;
    st.dMm += Number(isMm) - Number(st.isMm);
    st.isValid = isValid;
    st.isMm = isMm;
    st.principal += c.principalDelta;
    if (c.principalDelta !== 0n) st.legs = true;
    if (dValid === 1) {
      const key = `${c.userId}|${utcDay(c.at)}`;
      becameValid.set(key, (becameValid.get(key) ?? 0) + 1);
    }
  }
  const users = [...state.entries()];
  const col = <T extends number | bigint | boolean>(f: (s: State) => T) =>
    pgArray(users.map(([, st]) => f(st)));
  await tx.execute(sql`
    UPDATE team_stats t SET own_principal = t.own_principal + v.principal, own_amount = v.own_amount,
      active_stakes = v.active, mm_stakes = v.mm, is_valid = v.valid, is_market_maker = v.is_mm
    FROM unnest(${pgArray(users.map(([id]) => id))}::int[], ${col((st) => st.principal)}::numeric[],
      ${col((st) => st.ownAmount)}::numeric[], ${col((st) => st.active)}::int[], ${col((st) => st.mmStakes)}::int[],
      ${col((st) => st.isValid)}::bool[], ${col((st) => st.isMm)}::bool[])
      AS v(user_id, principal, own_amount, active, mm, valid, is_mm)
    WHERE t.user_id = v.user_id`);
  const moved = users.filter(([, st]) => st.principal !== 0n || st.dValid !== 0 || st.dMm !== 0 || st.legs);
  if (moved.length > 0) {
    const deltas = sql`unnest(${pgArray(moved.map(([id]) => id))}::int[],
      ${pgArray(moved.map(([, st]) => st.principal))}::numeric[], ${pgArray(moved.map(([, st]) => st.dValid))}::int[],
      ${pgArray(moved.map(([, st]) => st.dMm))}::int[], ${pgArray(moved.map(([, st]) => st.legs))}::bool[])
      AS u(user_id, principal, d_valid, d_mm, legs)`;
    await tx.execute(sql`
      UPDATE team_stats s SET performance = s.performance + d.principal,
        valid_count = s.valid_count + d.d_valid, market_makers = s.market_makers + d.d_mm
      FROM (SELECT p.ancestor_id, sum(u.principal) AS principal, sum(u.d_valid) AS d_valid, sum(u.d_mm) AS d_mm
            FROM team_paths p JOIN ${deltas} ON p.descendant_id = u.user_id GROUP BY p.ancestor_id) d
      WHERE s.user_id = d.ancestor_id`);
    if (moved.some(([, st]) => st.legs)) {
      await tx.execute(sql`
        INSERT INTO team_legs (user_id, leg_id, performance)
        SELECT p.ancestor_id, p.leg_id, sum(u.principal) FROM team_paths p JOIN ${deltas} ON p.descendant_id = u.user_id
        WHERE u.legs GROUP BY p.ancestor_id, p.leg_id
        ON CONFLICT (user_id, leg_id) DO UPDATE SET performance = team_legs.performance + excluded.performance`);
    }
  }
  if (becameValid.size > 0) {
    const days = [...becameValid.entries()].map(([key, n]) => {
      const [user, day] = key.split('|');
      return { user: Number(user), day: day ?? '', n };
    });
    await tx.execute(sql`
      INSERT INTO team_daily (user_id, day, new_count, valid_count)
      SELECT p.ancestor_id, u.day, 0, sum(u.n)
      FROM team_paths p JOIN unnest(${pgArray(days.map((d) => d.user))}::int[], ${pgArray(days.map((d) => d.day))}::date[],
        ${pgArray(days.map((d) => d.n))}::int[]) AS u(user_id, day, n) ON p.descendant_id = u.user_id
      GROUP BY p.ancestor_id, u.day
      ON CONFLICT (user_id, day) DO UPDATE SET valid_count = team_daily.valid_count + excluded.valid_count`);
  }
}

export type TeamInfo = {
  teamCount: number;
  validCount: number;
  directCount: number;
  marketMakers: number;
  newToday: number;
  newYesterday: number;
  validToday: number;
  validYesterday: number;
  totalPerformance: bigint;
  zoneA: bigint;
  zoneB: bigint;
  ownPrincipal: bigint;
  /** V{n}: n = zone-B thresholds reached (the user level; also picks the generations paid) */
  level: number;
  /** the team level shown: V{n}, or F above the last V */
  teamLevel: TeamLevelLabel;
  nodeTier: NodeTier;
  isValid: boolean;
  isMarketMaker: boolean;
  /** VIP level n (V{n}, n ≥ 1), 0 = ordinary member */
  vipLevel: number;
  /** market-maker level n, 0 = not a market maker */
  marketMakerLevel: number;
};

/** team_stats and today's and yesterday's team_daily of a user, as stored (what a cache may keep). */
export type TeamStatsRow = {
  team_count: number | null;
  valid_count: number | null;
  direct_count: number | null;
  market_makers: number | null;
  performance: string | null;
  own_principal: string | null;
  is_valid: boolean | null;
  is_market_maker: boolean | null;
  leg_max: string | null;
  daily: string | null;
};

export async function teamStatsRow(
  tx: SqlRunner,
  userId: number,
  now: Date,
): Promise<TeamStatsRow | undefined> {
  const today = utcDay(now);
  const yesterday = utcDay(new Date(now.getTime() - DAY_MS));
  const [s] = await rows<TeamStatsRow>(
    tx,
    sql`SELECT s.team_count, s.valid_count, s.direct_count, s.market_makers, s.performance::text,
          s.own_principal::text, s.is_valid, s.is_market_maker,
          (SELECT max(performance)::text FROM team_legs WHERE user_id = ${userId}) AS leg_max,
          (SELECT json_agg(json_build_object('day', day::text, 'new_count', new_count, 'valid_count', valid_count))::text
             FROM team_daily WHERE user_id = ${userId} AND day IN (${today}::date, ${yesterday}::date)) AS daily
        FROM (SELECT 1) AS one LEFT JOIN team_stats s ON s.user_id = ${userId}`,
  );
  return s;
}

/**
 * team_info: one statement of indexed lookups (the user's counters, largest leg, today's and
 * yesterday's history, and the team rules unless given), no walk of the tree.
 */
export async function teamInfo(
  tx: SqlRunner,
  userId: number,
  now: Date = new Date(),
  rules?: TeamRules,
): Promise<TeamInfo> {
  const s = await teamStatsRow(tx, userId, now);
  // the team rules come from the cached settings registry: no statement when the cache is warm
  return teamInfoOf(s, now, rules ?? teamRulesOf(await getSettings(tx)));
}

/**
 * The user's team figures: the stored row from the per-process cache (read-cache.ts, dropped on
 * every team change), levels and tiers under the current settings.
 */
export async function cachedTeamInfo(
  db: SqlRunner,
  reads: ReadCache,
  userId: number,
  now: Date,
): Promise<TeamInfo> {
  const [row, settings] = await Promise.all([
    reads.team(userId, utcDay(now), () => teamStatsRow(db, userId, now)),
    getSettings(db),
  ]);
  return teamInfoOf(row, now, teamRulesOf(settings));
}

/** The team figures of a stored row under the current rules (levels and tiers follow the settings). */
export function teamInfoOf(s: TeamStatsRow | undefined, now: Date, r: TeamRules): TeamInfo {
  const today = utcDay(now);
  const yesterday = utcDay(new Date(now.getTime() - DAY_MS));
  const daily = (s?.daily ? JSON.parse(s.daily) : []) as {
    day: string;
    new_count: number;
    valid_count: number;
  }[];
  const d = (day: string) => daily.find((x) => x.day === day);
  const total = BigInt(s?.performance ?? '0');
  const own = BigInt(s?.own_principal ?? '0');
  const { zoneA, zoneB } = zones(BigInt(s?.leg_max ?? '0'), total);
  return {
    teamCount: s?.team_count ?? 0,
    validCount: s?.valid_count ?? 0,
    directCount: s?.direct_count ?? 0,
    marketMakers: s?.market_makers ?? 0,
    newToday: d(today)?.new_count ?? 0,
    newYesterday: d(yesterday)?.new_count ?? 0,
    validToday: d(today)?.valid_count ?? 0,
    validYesterday: d(yesterday)?.valid_count ?? 0,
    totalPerformance: total,
    zoneA,
    zoneB,
    ownPrincipal: own,
    level: teamLevel(zoneB, r),
    teamLevel: teamLevelLabel(zoneB, r),
    nodeTier: nodeTier(own, total, r),
    isValid: s?.is_valid ?? false,
    isMarketMaker: s?.is_market_maker ?? false,
    vipLevel: vipLevel(teamLevel(zoneB, r)),
    marketMakerLevel: marketMakerLevel(s?.is_market_maker ?? false, own, r),
  };
}

export type DirectMember = {
  address: string;
  boundAt: Date | null;
  ownPrincipal: bigint;
  teamCount: number;
  performance: bigint;
  isValid: boolean;
};

/** Direct referrals, newest first, `pageSize` per page (page counts from 1). */
export async function directList(
  tx: SqlRunner,
  userId: number,
  page: number,
  pageSize = 20,
): Promise<{ list: DirectMember[]; total: number; page: number; pageSize: number }> {
  const offset = (Math.max(1, page) - 1) * pageSize;
  const list = await rows<{
    address: string;
    bound_at: string | Date | null;
    own_principal: string;
    team_count: number;
    performance: string;
    is_valid: boolean;
  }>(
    tx,
    sql`SELECT u.address, s.bound_at, s.own_principal::text, s.team_count, s.performance::text, s.is_valid
        FROM team_paths p JOIN users u ON u.id = p.descendant_id JOIN team_stats s ON s.user_id = p.descendant_id
        WHERE p.ancestor_id = ${userId} AND p.depth = 1
        ORDER BY s.bound_at DESC NULLS LAST, p.descendant_id DESC
        LIMIT ${pageSize} OFFSET ${offset}`,
  );
  const [t] = await rows<{ direct_count: number }>(
    tx,
    sql`SELECT direct_count FROM team_stats WHERE user_id = ${userId}`,
  );
  return {
    list: list.map((m) => ({
      address: m.address,
      boundAt: m.bound_at === null ? null : new Date(m.bound_at),
      ownPrincipal: BigInt(m.own_principal),
      teamCount: m.team_count,
      performance: BigInt(m.performance),
      isValid: m.is_valid,
    })),
    total: t?.direct_count ?? 0,
    page: Math.max(1, page),
    pageSize,
  };
}

/** The user's inviters, nearest first, at most `max`. */
export async function inviterChain(
  tx: SqlRunner,
  userId: number,
  max: number,
): Promise<{ id: number; address: string }[]> {
  return rows<{ id: number; address: string }>(
    tx,
    sql`SELECT u.id, u.address FROM team_paths p JOIN users u ON u.id = p.ancestor_id
        WHERE p.descendant_id = ${userId} AND p.depth <= ${max} ORDER BY p.depth`,
  );
}
