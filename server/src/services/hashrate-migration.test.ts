// The money migration moves machine grants stored in whole H/s to the one hashrate unit (H/s in
// 1e18 fixed point, settlement's computing power as it is), and gives rounds opened before it
// their close of bets.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../../test/helpers.ts';
import { MIGRATIONS_DIR } from '../db/client.ts';

describe.each(BACKENDS)('the money migration on $name', ({ url }) => {
  const journal = JSON.parse(readFileSync(resolve(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const statements = (tag: string) =>
    readFileSync(resolve(MIGRATIONS_DIR, `${tag}.sql`), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.replaceAll('"public".', '').trim())
      .filter(Boolean);
  let run: (text: string) => Promise<{ rows: Record<string, unknown>[] }>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    if (url === 'memory://') {
      const lite = new PGlite();
      run = (text) => lite.query(text) as Promise<{ rows: Record<string, unknown>[] }>;
      close = () => lite.close();
    } else {
      const schema = `t_mig_${Math.random().toString(16).slice(2, 10)}`;
      const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
      await client.connect();
      await client.query(`CREATE SCHEMA "${schema}"`);
      run = (text) => client.query(text);
      close = async () => {
        await client.query(`DROP SCHEMA "${schema}" CASCADE`);
        await client.end();
      };
    }
  });
  afterAll(async () => close());

  it('converts machine grants to H/s in 1e18 fixed point and leaves computing power as it is', async () => {
    const money = journal.entries.find((e) => /^\d+_money$/.test(e.tag));
    if (!money) throw new Error('no money migration');
    for (const e of journal.entries.filter((e) => e.idx < money.idx))
      for (const s of statements(e.tag)) await run(s);
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
