// The money migration moves machine grants stored in whole H/s to the one hashrate unit (H/s in
// 1e18 fixed point, settlement's computing power as it is), and gives rounds opened before it
// their close of bets.
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../../test/helpers.ts';
import { migrationJournal, statements, useRawDb } from '../../test/support/raw-migrations.ts';

// on both backends (test/support/test-db.ts BACKENDS): a migration
describe.each(BACKENDS)('the money migration on $name', ({ url }) => {
  const entries = migrationJournal();
  const { run } = useRawDb(url);

  it('converts machine grants to H/s in 1e18 fixed point and leaves computing power as it is', async () => {
    const money = entries.find((e) => /^\d+_money$/.test(e.tag));
    if (!money) throw new Error('no money migration');
    for (const e of entries.filter((e) => e.idx < money.idx)) for (const s of statements(e.tag)) await run(s);
    await run(`INSERT INTO users (address) VALUES ('0x${'3'.repeat(40)}')`);
    const [u] = (await run('SELECT id FROM users')).rows;
    await run(`INSERT INTO hashrate_grants (user_id, source, ref, amount, starts_at, ends_at) VALUES
      (${u?.id}, 'machine', 'machine_order:1', 1500, now(), now() + interval '1 day'),
      (${u?.id}, 'rwa_contribution', 'B1', 20500000000000000000, now(), '9999-12-31')`);
    await run(`INSERT INTO prediction_rounds (issue, starts_at, ends_at, open_price, fee_bps)
      VALUES ('20270101000000', '2027-01-01T00:00:00Z', '2027-01-01T00:01:00Z', 1, 500)`);
    for (const s of statements(money.tag)) await run(s);
    const grants = (await run('SELECT source, amount::text AS amount FROM hashrate_grants ORDER BY id')).rows;
    expect(grants).toEqual([
      { source: 'machine', amount: '1500000000000000000000' },
      { source: 'rwa_contribution', amount: '20500000000000000000' },
    ]);
    const [r] = (
      await run(`SELECT extract(epoch FROM ends_at - bets_close_at)::int AS s FROM prediction_rounds`)
    ).rows;
    expect(Number(r?.s)).toBe(10);
  });
});
