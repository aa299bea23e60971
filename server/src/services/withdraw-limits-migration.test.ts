// The budget migration names the withdrawal minimums like the other limits (protocol's
// WITHDRAW_RULES): an operator's value set under the old key is kept under the new one.
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../../test/helpers.ts';
import { migrationJournal, statements, useRawDb } from '../../test/support/raw-migrations.ts';

// on both backends (test/support/test-db.ts BACKENDS): a migration
describe.each(BACKENDS)('the withdrawal-limit keys migration on $name', ({ url }) => {
  const entries = migrationJournal();
  const { run } = useRawDb(url);

  it('moves the old minimum keys with their values and leaves no old key behind', async () => {
    const budget = entries.find((e) => /^\d+_budget$/.test(e.tag));
    if (!budget) throw new Error('no budget migration');
    for (const e of entries.filter((e) => e.idx < budget.idx))
      for (const s of statements(e.tag)) await run(s);
    await run(`INSERT INTO config (key, value) VALUES ('min_withdraw_wei', '"5000000000000000000"'),
      ('free_min_withdraw_wei', '"20000000000000000000"'), ('withdraw_max_wei', '"9000000000000000000000"')`);
    for (const s of statements(budget.tag)) await run(s);
    const rows = (await run(`SELECT key, value #>> '{}' AS value FROM config ORDER BY key`)).rows;
    expect(rows).toEqual([
      { key: 'free_withdraw_min_wei', value: '20000000000000000000' },
      { key: 'withdraw_max_wei', value: '9000000000000000000000' },
      { key: 'withdraw_min_wei', value: '5000000000000000000' },
    ]);
  });
});
