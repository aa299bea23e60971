// Test database for the chain/team suites: in-memory PGlite, or PostgreSQL (a fresh schema per
// call, dropped on close). Suites run on every backend of BACKENDS (PostgreSQL when
// TEST_DATABASE_URL is set). Tables come from the regular migrations.
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../src/db/client.ts';
import { openTestDb as openCoreTestDb } from '../helpers.ts';

export { BACKENDS } from '../helpers.ts';

/** `url`: 'memory://' (PGlite) or a PostgreSQL URL (default: TEST_DATABASE_URL, else PGlite). */
export async function openTestDb(
  url: string = process.env.TEST_DATABASE_URL ?? 'memory://',
): Promise<DbHandle> {
  return openCoreTestDb(url);
}

/** `count` users with distinct made-up addresses, in one statement. */
export async function createUsers(handle: DbHandle, count: number): Promise<number[]> {
  const res = (await handle.db.execute(sql`
    INSERT INTO users (address)
    SELECT '0x' || lpad(to_hex(g), 40, '0') FROM generate_series(
      (SELECT coalesce(max(id), 0) + 1000001 FROM users), (SELECT coalesce(max(id), 0) + 1000000 + ${count} FROM users)) g
    RETURNING id`)) as unknown as { rows: { id: number }[] };
  return res.rows.map((r) => r.id);
}
