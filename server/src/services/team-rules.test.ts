// The team level written as SQL (settlement's dynamic income reads it) gives what teamLevel and
// zones give, at and around every threshold, under the default rules and operator-edited ones.
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, openTestDb } from '../../test/support/test-db.ts';
import { type DbHandle, rows } from '../db/client.ts';
import {
  DEFAULT_TEAM_RULES,
  type TeamRules,
  teamLevel,
  teamLevelSql,
  zoneBSql,
  zones,
} from './team-rules.ts';

const edited: TeamRules = { ...DEFAULT_TEAM_RULES, levelZoneB: [7n * U, 70n * U] };
const none: TeamRules = { ...DEFAULT_TEAM_RULES, levelZoneB: [] };

/** (largest leg, total performance) pairs whose zone B sits at, just under and just over each threshold. */
function cases(rules: TeamRules): [bigint, bigint][] {
  const out: [bigint, bigint][] = [
    [0n, 0n],
    [5n * U, 3n * U],
  ];
  for (const t of rules.levelZoneB)
    for (const zb of [t - 1n, t, t + 1n]) out.push([10n * U, 10n * U + zb], [0n, zb]);
  return out;
}

// on both backends (test/support/test-db.ts BACKENDS): SQL compared with the TypeScript rule
describe.each(BACKENDS)('team level in SQL on $name', ({ url }) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openTestDb(url);
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each([
    ['default', DEFAULT_TEAM_RULES],
    ['edited', edited],
    ['without thresholds', none],
  ] as const)('gives teamLevel of zones under the %s rules', async (_name, rules) => {
    const pairs = cases(rules);
    const values = sql.join(
      pairs.map(
        ([leg, total], i) => sql`(${i}::int, ${leg.toString()}::numeric, ${total.toString()}::numeric)`,
      ),
      sql`, `,
    );
    const got = await rows<{ i: number; zone_b: string; level: number }>(
      h.db,
      sql`SELECT i, zone_b::text, ${teamLevelSql(sql`zone_b`, rules)} AS level FROM (
            SELECT i, ${zoneBSql(sql`leg`, sql`total`)} AS zone_b FROM (VALUES ${values}) v(i, leg, total)) z
          ORDER BY i`,
    );
    expect(got.map((r) => [BigInt(r.zone_b), Number(r.level)])).toEqual(
      pairs.map(([leg, total]) => {
        const { zoneB } = zones(leg, total);
        return [zoneB, teamLevel(zoneB, rules)];
      }),
    );
  });
});
