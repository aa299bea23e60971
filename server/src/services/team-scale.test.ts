// team_info on a 100,000-member team built set-based (20,000 on PGlite beside PostgreSQL): the
// answer stays a few indexed lookups.
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createUsers, openTestDb } from '../../test/support/test-db.ts';
import type { DbHandle, SqlRunner } from '../db/client.ts';
import { getSettings, teamRulesOf } from './settings.ts';
import { applyStakeChange, bindInviter, teamInfo } from './team.ts';

/**
 * The team's size: 100,000 members on production's engine, or on PGlite when it runs alone; beside
 * PostgreSQL, PGlite, whose building of the tree is all CPU of the test's own process (minutes on a
 * busy machine for 100,000), gets 20,000: still 200 times the rows the answer may read.
 */
const sizeOn = (name: string) => (name === 'postgres' || BACKENDS.length === 1 ? 100_000 : 20_000);
let h: DbHandle;
let ids: number[];

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
};

function walk(node: PlanNode, out: PlanNode[]): PlanNode[] {
  out.push(node);
  for (const c of node.Plans ?? []) walk(c, out);
  return out;
}

// on both backends (test/support/test-db.ts BACKENDS): query plans, which each engine's planner
// decides
describe.each(BACKENDS)('team_info at scale on $name', ({ name, url }) => {
  const N = sizeOn(name);
  beforeAll(async () => {
    h = await openTestDb(url);
    ids = await createUsers(h, N);
    const first = ids[0] as number;
    // Node i (0-based) has parent (i - 1) / 10 and own principal (i % 7) U, as if it had staked.
    await h.db.execute(
      sql`CREATE TEMP TABLE nodes AS SELECT id - ${first} AS i, id FROM users WHERE id >= ${first}`,
    );
    await h.db.execute(sql`
      INSERT INTO team_paths (ancestor_id, descendant_id, depth, leg_id)
      WITH RECURSIVE p(anc, des, depth, leg) AS (
        SELECT (i - 1) / 10, i, 1, i FROM nodes WHERE i > 0
        UNION ALL SELECT (anc - 1) / 10, des, depth + 1, anc FROM p WHERE anc > 0)
      SELECT a.id, d.id, p.depth, l.id FROM p JOIN nodes a ON a.i = p.anc JOIN nodes d ON d.i = p.des JOIN nodes l ON l.i = p.leg`);
    await h.db.execute(sql`
      INSERT INTO team_stats (user_id, inviter_id, bound_at, own_principal, own_amount, active_stakes, is_valid)
      SELECT n.id, CASE WHEN n.i > 0 THEN n.id - n.i + (n.i - 1) / 10 END, now(), (n.i % 7) * ${U.toString()}::numeric,
        (n.i % 7) * ${U.toString()}::numeric, CASE WHEN n.i % 7 > 0 THEN 1 ELSE 0 END, n.i % 7 > 0 FROM nodes n`);
    await h.db.execute(sql`
      UPDATE team_stats s SET team_count = a.cnt, valid_count = a.valid, performance = a.perf, direct_count = a.direct
      FROM (SELECT p.ancestor_id, count(*) AS cnt, count(*) FILTER (WHERE d.is_valid) AS valid,
              sum(d.own_principal) AS perf, count(*) FILTER (WHERE p.depth = 1) AS direct
            FROM team_paths p JOIN team_stats d ON d.user_id = p.descendant_id GROUP BY p.ancestor_id) a
      WHERE s.user_id = a.ancestor_id`);
    await h.db.execute(sql`
      INSERT INTO team_legs (user_id, leg_id, performance)
      SELECT p.ancestor_id, p.leg_id, sum(d.own_principal) FROM team_paths p JOIN team_stats d ON d.user_id = p.descendant_id
      GROUP BY p.ancestor_id, p.leg_id`);
    // two days of history for every member, as a real table would hold
    await h.db.execute(sql`
      INSERT INTO team_daily (user_id, day, new_count, valid_count)
      SELECT s.user_id, d.day, s.team_count, s.valid_count FROM team_stats s
      CROSS JOIN (VALUES (current_date - 5), (current_date - 6)) d(day)`);
    await h.db.execute(sql`ANALYZE`);
  }, 300_000);

  afterAll(async () => {
    await h?.close();
  });

  it(`answers team_info for a ${N.toLocaleString('en')}-member team with indexed lookups only`, async () => {
    const root = ids[0] as number;
    const queries: SQL[] = [];
    const recorder: SqlRunner = {
      execute: (q: SQL) => {
        queries.push(q);
        return h.db.execute(q);
      },
    };
    // the team rules come from the settings registry, cached per database (no statement when warm)
    const rules = teamRulesOf(await getSettings(h.db));
    const info = await teamInfo(recorder, root, new Date(), rules);
    expect(info.teamCount).toBe(N - 1);
    expect(info.directCount).toBe(10);
    // own principal i % 7 over i = 1..N-1
    let perf = 0n;
    for (let i = 1; i < N; i++) perf += BigInt(i % 7) * U;
    expect(info.totalPerformance).toBe(perf);
    expect(info.zoneA + info.zoneB).toBe(perf);
    expect(info.zoneA > info.zoneB / 9n).toBe(true);

    expect(queries.length).toBe(1);
    let rowsRead = 0;
    for (const q of queries) {
      const res = (await h.db.execute(sql`EXPLAIN (ANALYZE, FORMAT JSON) ${q}`)) as unknown as {
        rows: Record<string, unknown>[];
      };
      const raw = Object.values(res.rows[0] ?? {})[0];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
      const nodes = walk((plan[0] as { Plan: PlanNode }).Plan, []);
      for (const n of nodes) {
        if (n['Relation Name']?.startsWith('team_'))
          expect(`${n['Node Type']} on ${n['Relation Name']}`).not.toMatch(/^Seq Scan/);
        if (n['Node Type'].includes('Scan')) rowsRead += n['Actual Rows'] * n['Actual Loops'];
      }
    }
    // the whole team is N - 1 members; reading them is what must not happen
    expect(rowsRead).toBeLessThan(100);
  }, 120_000);

  it('keeps the root figures right when a new member joins deep in the big tree and stakes', async () => {
    const root = ids[0] as number;
    const leaf = ids[N - 1] as number;
    const before = await teamInfo(h.db, root);
    const [newcomer] = await createUsers(h, 1);
    if (!newcomer) throw new Error('user');
    await h.transaction((tx) => bindInviter(tx, newcomer, leaf));
    await h.transaction((tx) =>
      applyStakeChange(tx, {
        userId: newcomer,
        principalDelta: 98n * U,
        amountDelta: 100n * U,
        activeDelta: 1,
        cycle: 2,
        at: new Date(),
      }),
    );
    const after = await teamInfo(h.db, root);
    expect(after.teamCount).toBe(before.teamCount + 1);
    expect(after.totalPerformance).toBe(before.totalPerformance + 98n * U);
    expect(after.marketMakers).toBe(before.marketMakers + 1);
    expect(after.validCount).toBe(before.validCount + 1);
    expect(after.newToday).toBe(before.newToday + 1);
  }, 60_000);
});
