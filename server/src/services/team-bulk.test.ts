// Many stake changes applied at once (what the indexer does with a batch of logs) leave the team
// figures exactly as applying them one at a time does: own figures, ancestors' performance, valid
// and market-maker counts, legs and the daily history, for any order of stakes and unstakes.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, openTestDb } from '../../test/helpers.ts';
import { makeUsers, U } from '../../test/support/staking-orders-fixtures.ts';
import { type DbHandle, rowsOf } from '../db/client.ts';
import { applyStakeChange, applyStakeChanges, bindInviter, loadTeamRules, type StakeChange } from './team.ts';

/** A deterministic pseudo-random sequence (the same changes on both databases). */
function random(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

type Row = Record<string, unknown>;

async function teamTables(db: DbHandle) {
  const q = async (text: string) => rowsOf(await db.db.execute(sql.raw(text)));
  return {
    stats: await q(`SELECT user_id, team_count, valid_count, direct_count, market_makers, performance::text,
      own_principal::text, own_amount::text, active_stakes, mm_stakes, is_valid, is_market_maker
      FROM team_stats ORDER BY user_id`),
    legs: await q('SELECT user_id, leg_id, performance::text FROM team_legs ORDER BY user_id, leg_id'),
    daily: await q('SELECT user_id, day::text, new_count, valid_count FROM team_daily ORDER BY user_id, day'),
  };
}

// on both backends (test/support/test-db.ts BACKENDS): set-based SQL compared with one change at a
// time
describe.each(BACKENDS)('applyStakeChanges on $name', ({ url }) => {
  const dbs: DbHandle[] = [];
  afterAll(async () => {
    for (const db of dbs) await db.close();
  });

  /** The same 12-member tree (a chain with branches) in a fresh database. */
  async function tree(): Promise<{ db: DbHandle; ids: number[] }> {
    const db = await openTestDb(url);
    dbs.push(db);
    const ids = await makeUsers(db.db, 12, 'bulk-team');
    const at = new Date('2027-03-01T10:00:00Z');
    await db.transaction(async (tx) => {
      for (let i = 1; i < ids.length; i++)
        await bindInviter(tx, ids[i] as number, ids[Math.floor((i - 1) / 2)] as number, at);
    });
    // user ids differ between databases only by offset: name them by position
    return { db, ids };
  }

  let one: { db: DbHandle; ids: number[] };
  let many: { db: DbHandle; ids: number[] };
  beforeAll(async () => {
    one = await tree();
    many = await tree();
  });

  it('matches one-at-a-time application for a random mix of stakes and unstakes over two days', async () => {
    const rnd = random(7);
    const plan: { user: number; stake: boolean; amount: bigint; cycle: number; day: number }[] = [];
    const open = new Map<number, { amount: bigint; cycle: number }[]>();
    for (let i = 0; i < 80; i++) {
      const user = Math.floor(rnd() * 12);
      const mine = open.get(user) ?? [];
      if (mine.length > 0 && rnd() < 0.35) {
        const s = mine.splice(Math.floor(rnd() * mine.length), 1)[0] as { amount: bigint; cycle: number };
        plan.push({ user, stake: false, amount: s.amount, cycle: s.cycle, day: i < 40 ? 1 : 2 });
      } else {
        const s = { amount: BigInt(1 + Math.floor(rnd() * 400)) * U, cycle: Math.floor(rnd() * 3) };
        mine.push(s);
        plan.push({ user, stake: true, ...s, day: i < 40 ? 1 : 2 });
      }
      open.set(user, mine);
    }
    const changes = (ids: number[]): StakeChange[] =>
      plan.map((p) => ({
        userId: ids[p.user] as number,
        principalDelta: p.stake ? (p.amount * 98n) / 100n : -(p.amount * 98n) / 100n,
        amountDelta: p.stake ? p.amount : -p.amount,
        activeDelta: p.stake ? 1 : -1,
        cycle: p.cycle,
        at: new Date(`2027-03-0${p.day}T12:00:00Z`),
      }));
    const rules = await loadTeamRules(one.db.db);
    await one.db.transaction(async (tx) => {
      for (const c of changes(one.ids)) await applyStakeChange(tx, c, rules);
    });
    await many.db.transaction((tx) => applyStakeChanges(tx, changes(many.ids), rules));

    // compare by position in the tree (ids may differ between the two databases)
    const byPosition = (t: Awaited<ReturnType<typeof teamTables>>, ids: number[]) => {
      const pos = (id: unknown) => ids.indexOf(Number(id));
      return {
        stats: t.stats.map((r): Row => ({ ...r, user_id: pos(r.user_id) })),
        legs: t.legs.map((r): Row => ({ ...r, user_id: pos(r.user_id), leg_id: pos(r.leg_id) })),
        daily: t.daily.map((r): Row => ({ ...r, user_id: pos(r.user_id) })),
      };
    };
    const a = byPosition(await teamTables(one.db), one.ids);
    const b = byPosition(await teamTables(many.db), many.ids);
    expect(b).toEqual(a);
    // the plan did make accounts valid, market makers and legs move
    expect(a.stats.some((r) => r.is_valid)).toBe(true);
    expect(a.stats.some((r) => Number(r.market_makers) > 0)).toBe(true);
    expect(a.daily.some((r) => Number(r.valid_count) > 0)).toBe(true);
  });
});
