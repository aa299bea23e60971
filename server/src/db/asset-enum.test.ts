// Every `asset` column is the PostgreSQL enum `asset` (protocol's ASSET_CODES): the asset-enum
// migration keeps the rows written as text before it, and afterwards the database itself refuses a
// token it does not know, whoever writes the row.
import { ASSET_CODES } from '@free/protocol/api/common';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../../test/helpers.ts';
import { migrationJournal, statements, useRawDb } from '../../test/support/raw-migrations.ts';

const ASSET_TABLES = [
  'balances',
  'ledger_entries',
  'machine_orders',
  'machines',
  'recharge_orders',
  'shop_orders',
  'shop_products',
  'withdrawals',
];

// on both backends (test/support/test-db.ts BACKENDS): a migration and the enum it makes
describe.each(BACKENDS)('the asset enum on $name', ({ url }) => {
  const entries = migrationJournal();
  const { run } = useRawDb(url);
  const migration = entries.find((e) => /^\d+_asset_enum$/.test(e.tag));
  if (!migration) throw new Error('no asset_enum migration');

  it('converts the text columns and keeps the rows written before', async () => {
    for (const e of entries.filter((e) => e.idx < migration.idx))
      for (const s of statements(e.tag)) await run(s);
    await run(`INSERT INTO balances (user_id, account, asset, amount, allow_negative)
      VALUES (NULL, 'system:fees', 'FCC', 5, false), (NULL, 'system:fees', 'USDT', 7, false)`);
    for (const s of statements(migration.tag)) await run(s);

    const kept = await run(
      `SELECT asset::text AS asset, amount::text AS amount FROM balances ORDER BY balances.asset`,
    );
    expect(kept.rows).toEqual([
      { asset: 'USDT', amount: '7' },
      { asset: 'FCC', amount: '5' },
    ]);
    const types = await run(`SELECT table_name, udt_name FROM information_schema.columns
      WHERE column_name = 'asset' AND table_schema = current_schema() ORDER BY table_name`);
    expect(types.rows).toEqual(ASSET_TABLES.map((t) => ({ table_name: t, udt_name: 'asset' })));
    const labels = await run(`SELECT unnest(enum_range(NULL::asset))::text AS label`);
    expect(labels.rows.map((r) => r.label)).toEqual([...ASSET_CODES]);
  });

  it('refuses a row with an asset it does not know', async () => {
    for (const e of entries.filter((e) => e.idx > migration.idx))
      for (const s of statements(e.tag)) await run(s);
    await expect(
      run(`INSERT INTO balances (user_id, account, asset, amount) VALUES (NULL, 'system:fees', 'DOGE', 1)`),
    ).rejects.toThrow(/invalid input value for enum asset: "DOGE"/);
    await expect(
      run(`INSERT INTO balances (user_id, account, asset, amount) VALUES (NULL, 'system:fees', 'usdt', 1)`),
    ).rejects.toThrow(/invalid input value for enum asset/);
  });
});
