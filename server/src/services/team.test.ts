import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND, createUsers, openTestDb } from '../../test/support/test-db.ts';
import type { DbHandle } from '../db/client.ts';
import { forgetSettings, settingsFromRows, teamRulesOf } from './settings.ts';
import { applyStakeChange, bindInviter, directList, inviterChain, TeamError, teamInfo } from './team.ts';
import {
  DEFAULT_TEAM_RULES,
  marketMakerLevel,
  nodeTier,
  teamLevel,
  teamLevelLabel,
  vipLevel,
} from './team-rules.ts';

let h: DbHandle;

/** Small deterministic PRNG so a failing tree can be reproduced. */
function prng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

describe.each(BACKEND)('team service on $name', ({ url }) => {
  beforeAll(async () => {
    h = await openTestDb(url);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  describe('bindInviter', () => {
    it('refuses self, cycles, and keeps the first inviter', async () => {
      const [a, b, c] = await createUsers(h, 3);
      if (!a || !b || !c) throw new Error('users');
      await expect(h.transaction((tx) => bindInviter(tx, a, a))).rejects.toThrow(TeamError);
      await h.transaction((tx) => bindInviter(tx, b, a));
      await h.transaction((tx) => bindInviter(tx, c, b));
      await expect(h.transaction((tx) => bindInviter(tx, a, c))).rejects.toMatchObject({ reason: 'cycle' });
      expect(await h.transaction((tx) => bindInviter(tx, c, a))).toEqual({
        bound: false,
        reason: 'already_bound',
      });
      const chain = await inviterChain(h.db, c, 10);
      expect(chain.map((x) => x.id)).toEqual([b, a]);
      const inv = (await h.db.execute(sql`SELECT inviter_id FROM users WHERE id = ${c}`)) as unknown as {
        rows: { inviter_id: number }[];
      };
      expect(inv.rows[0]?.inviter_id).toBe(b);
    });
  });

  describe('team figures on a generated tree', () => {
    it('match a brute-force count after random bindings, stakes and unstakes', async () => {
      const n = 40;
      const ids = await createUsers(h, n);
      const rnd = prng(7);
      const parent = new Map<number, number>();
      const stakes = new Map<number, { principal: bigint; amount: bigint; cycle: number }[]>();
      const day0 = new Date('2026-03-10T12:00:00Z');
      const day1 = new Date('2026-03-11T08:00:00Z');
      const isAncestor = (a: number, d: number): boolean => {
        let x = parent.get(d);
        while (x !== undefined) {
          if (x === a) return true;
          x = parent.get(x);
        }
        return false;
      };
      // Bind in random order (so some users already have a subtree when they get an inviter) and
      // interleave stakes and unstakes.
      for (let step = 0; step < 160; step++) {
        const u = ids[rnd(n)] as number;
        const at = step < 80 ? day0 : day1;
        const action = rnd(3);
        if (action === 0 && !parent.has(u)) {
          const inv = ids[rnd(n)] as number;
          if (inv === u || isAncestor(u, inv)) {
            await expect(h.transaction((tx) => bindInviter(tx, u, inv, at))).rejects.toThrow(TeamError);
          } else {
            await h.transaction((tx) => bindInviter(tx, u, inv, at));
            parent.set(u, inv);
          }
        } else if (action === 1) {
          const amount = BigInt(1 + rnd(1000)) * U;
          const principal = (amount * 98n) / 100n;
          const cycle = rnd(3);
          await h.transaction((tx) =>
            applyStakeChange(tx, {
              userId: u,
              principalDelta: principal,
              amountDelta: amount,
              activeDelta: 1,
              cycle,
              at,
            }),
          );
          stakes.set(u, [...(stakes.get(u) ?? []), { principal, amount, cycle }]);
        } else {
          const list = stakes.get(u) ?? [];
          const s = list.shift();
          if (s) {
            await h.transaction((tx) =>
              applyStakeChange(tx, {
                userId: u,
                principalDelta: -s.principal,
                amountDelta: -s.amount,
                activeDelta: -1,
                cycle: s.cycle,
                at,
              }),
            );
          }
        }
      }
      const own = (u: number) => (stakes.get(u) ?? []).reduce((a, s) => a + s.principal, 0n);
      const valid = (u: number) =>
        (stakes.get(u) ?? []).reduce((a, s) => a + s.amount, 0n) >= U && (stakes.get(u) ?? []).length > 0;
      const mm = (u: number) =>
        (stakes.get(u) ?? []).some((s) => s.cycle === DEFAULT_TEAM_RULES.marketMakerCycle);
      const children = (u: number) => ids.filter((x) => parent.get(x) === u);
      const subtree = (u: number): number[] => children(u).flatMap((c) => [c, ...subtree(c)]);
      let checkedTeams = 0;
      for (const u of ids) {
        const team = subtree(u);
        const info = await teamInfo(h.db, u, day1);
        const legs = children(u).map((c) => own(c) + subtree(c).reduce((a, x) => a + own(x), 0n));
        const perf = team.reduce((a, x) => a + own(x), 0n);
        const zoneA = legs.reduce((a, x) => (x > a ? x : a), 0n);
        expect(info.teamCount).toBe(team.length);
        expect(info.directCount).toBe(children(u).length);
        expect(info.validCount).toBe(team.filter(valid).length);
        expect(info.marketMakers).toBe(team.filter(mm).length);
        expect(info.totalPerformance).toBe(perf);
        expect(info.zoneA).toBe(zoneA);
        expect(info.zoneB).toBe(perf - zoneA);
        expect(info.ownPrincipal).toBe(own(u));
        expect(info.level).toBe(teamLevel(perf - zoneA));
        expect(info.newToday + info.newYesterday).toBe(team.length);
        if (team.length > 1) checkedTeams++;
      }
      expect(checkedTeams).toBeGreaterThan(3);
    }, 120_000);

    it('pages direct referrals by 20, newest first', async () => {
      const [root, ...kids] = await createUsers(h, 23);
      if (!root) throw new Error('users');
      for (const [i, k] of kids.entries()) {
        await h.transaction((tx) => bindInviter(tx, k, root, new Date(Date.UTC(2026, 0, 1, 0, i))));
      }
      const p1 = await directList(h.db, root, 1);
      const p2 = await directList(h.db, root, 2);
      expect(p1.total).toBe(22);
      expect(p1.list).toHaveLength(20);
      expect(p2.list).toHaveLength(2);
      expect(p1.list[0]?.boundAt?.toISOString()).toBe('2026-01-01T00:21:00.000Z');
      expect(new Set([...p1.list, ...p2.list].map((m) => m.address)).size).toBe(22);
    });
  });

  describe('team thresholds from the config table', () => {
    it('levels and tiers follow the operator rows, and a malformed row falls back to the default', async () => {
      const [root, kid1, kid2] = await createUsers(h, 3);
      if (!root || !kid1 || !kid2) throw new Error('users');
      await h.transaction(async (tx) => {
        await bindInviter(tx, kid1, root);
        await bindInviter(tx, kid2, root);
        const at = new Date();
        await applyStakeChange(tx, {
          userId: kid1,
          principalDelta: 300n * U,
          amountDelta: 300n * U,
          activeDelta: 1,
          cycle: 0,
          at,
        });
        await applyStakeChange(tx, {
          userId: kid2,
          principalDelta: 100n * U,
          amountDelta: 100n * U,
          activeDelta: 1,
          cycle: 0,
          at,
        });
      });
      expect(await teamInfo(h.db, root)).toMatchObject({
        zoneA: 300n * U,
        zoneB: 100n * U,
        level: 0,
        teamLevel: 'V0',
        nodeTier: 'ordinary',
        vipLevel: 0,
        marketMakerLevel: 0,
      });
      await h.db.execute(sql`INSERT INTO config (key, value) VALUES
        ('team.levelZoneB', ${JSON.stringify(`${50n * U},${100n * U}`)}::jsonb),
        ('team.tier.edge', ${JSON.stringify(String(400n * U))}::jsonb),
        ('team.tier.alliance', '"not a number"'::jsonb)`);
      forgetSettings(h.db);
      try {
        expect(await teamInfo(h.db, root)).toMatchObject({
          level: 2,
          teamLevel: 'V2',
          nodeTier: 'edge',
          vipLevel: 2,
        });
        // an operator sets level F at 100 U of zone B: the same team now reads F
        await h.db.execute(
          sql`INSERT INTO config (key, value) VALUES ('team.levelF', ${JSON.stringify(String(100n * U))}::jsonb)`,
        );
        forgetSettings(h.db);
        expect(await teamInfo(h.db, root)).toMatchObject({ level: 2, teamLevel: 'F' });
      } finally {
        await h.db.execute(sql`DELETE FROM config WHERE key LIKE 'team.%'`);
        forgetSettings(h.db);
      }
    });
  });
});

describe('team rules', () => {
  it('levels by zone B and tiers by own plus team stake', () => {
    expect(teamLevel(0n)).toBe(0);
    expect(teamLevel(5_000n * U)).toBe(1);
    expect(teamLevel(5_000n * U - 1n)).toBe(0);
    expect(teamLevel(10n ** 30n)).toBe(DEFAULT_TEAM_RULES.levelZoneB.length);
    expect(nodeTier(0n, 0n)).toBe('ordinary');
    expect(nodeTier(5_000n * U, 5_000n * U)).toBe('edge');
    expect(nodeTier(0n, 1_000_000n * U)).toBe('super');
    const r = teamRulesOf(
      settingsFromRows({ 'team.levelZoneB': '10,20', 'team.tier.edge': '5', 'team.parentsMax': 'x' }),
    );
    expect(teamLevel(15n, r)).toBe(1);
    expect(nodeTier(3n, 2n, r)).toBe('edge');
    expect(r.parentsMax).toBe(DEFAULT_TEAM_RULES.parentsMax);
  });

  it('VIP level follows V1 and above; market-maker level counts own principal thresholds', () => {
    expect(vipLevel(0)).toBe(0);
    expect(vipLevel(1)).toBe(1);
    expect(vipLevel(7)).toBe(7);
    expect(marketMakerLevel(false, 10n ** 30n)).toBe(0);
    expect(marketMakerLevel(true, 0n)).toBe(1);
    expect(marketMakerLevel(true, 3_000n * U - 1n)).toBe(1);
    expect(marketMakerLevel(true, 3_000n * U)).toBe(2);
    expect(marketMakerLevel(true, 100_000n * U)).toBe(5);
    const r = teamRulesOf(settingsFromRows({ 'team.marketMakerLevels': '10,20' }));
    expect(marketMakerLevel(true, 15n, r)).toBe(2);
    expect(marketMakerLevel(true, 20n, r)).toBe(3);
  });

  it('team level F above the last V level', () => {
    const lastV = DEFAULT_TEAM_RULES.levelZoneB.at(-1) ?? 0n;
    expect(teamLevelLabel(lastV)).toBe('V7');
    expect(teamLevelLabel(DEFAULT_TEAM_RULES.levelF - 1n)).toBe('V7');
    expect(teamLevelLabel(DEFAULT_TEAM_RULES.levelF)).toBe('F');
    expect(teamLevelLabel(0n)).toBe('V0');
    // F set below the V thresholds by mistake: F still needs every V level first
    const low = teamRulesOf(settingsFromRows({ 'team.levelZoneB': '10,20', 'team.levelF': '5' }));
    expect(teamLevelLabel(15n, low)).toBe('V1');
    expect(teamLevelLabel(20n, low)).toBe('F');
  });
});
