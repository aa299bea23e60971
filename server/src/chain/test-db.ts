// Test database for the chain/team suites: in-memory PGlite, or PostgreSQL (one fresh schema per
// call) when TEST_DATABASE_URL is set. Tables come from the regular migrations.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type DbHandle, openDb } from '../db/client.ts';

export async function openTestDb(): Promise<DbHandle> {
  const url = process.env.TEST_DATABASE_URL;
  const handle = url
    ? await openDb(url, { schema: `t_chain_${randomBytes(5).toString('hex')}`, poolSize: 5 })
    : await openDb('memory://');
  await ensureOwnTables(handle);
  return handle;
}

/** Until the shared migration carries the team/chain tables, create them from the schema files. */
async function ensureOwnTables(handle: DbHandle): Promise<void> {
  const found = (await handle.db.execute(sql`SELECT to_regclass('team_paths') AS t`)) as unknown as {
    rows: { t: string | null }[];
  };
  if (found.rows[0]?.t) return;
  const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
  const all = await import('../db/schema/index.ts');
  const team = await import('../db/schema/team.ts');
  const chain = await import('../db/schema/chain.ts');
  const before = generateDrizzleJson(all);
  const after = generateDrizzleJson({ ...all, ...team, ...chain });
  for (const statement of await generateMigration(before, after)) {
    await handle.db.execute(sql.raw(statement.replaceAll('"public".', '')));
  }
}

export async function createUsers(handle: DbHandle, count: number): Promise<number[]> {
  const res = (await handle.db.execute(sql`
    INSERT INTO users (address)
    SELECT '0x' || lpad(to_hex(g), 40, '0') || '' FROM generate_series(
      (SELECT coalesce(max(id), 0) + 1 FROM users), (SELECT coalesce(max(id), 0) + ${count} FROM users)) g
    RETURNING id`)) as unknown as { rows: { id: number }[] };
  return res.rows.map((r) => r.id);
}
