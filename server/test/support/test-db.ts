// The one test database of the server tests: in-memory PGlite, or PostgreSQL (a fresh schema per
// call, dropped on close). A suite runs on BACKEND (one backend) unless its behaviour can differ
// between the two, then on BACKENDS (both when TEST_DATABASE_URL is set). Tables come from the
// regular migrations (an embedded PGlite starts from a copy of one migrated at the start of the
// run: pglite-template.ts makes it, pglite-template-setup.ts hands it to db/client.ts).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type DbHandle, openDb } from '../../src/db/client.ts';

export type Backend = { name: 'pglite' | 'postgres'; url: string };

/**
 * Both backends: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. Only for a suite whose
 * behaviour can differ between them: a migration, SQL whose answer or plan the engine decides
 * (a constraint, an enum, set-based SQL compared with the TypeScript rule, the database's clock, a
 * character one of them cannot store), or what the two handles do differently (db/client.ts:
 * transactions and their time budget, notifications, the jobs' leader lock). Say why in the file.
 */
export const BACKENDS: Backend[] = [
  { name: 'pglite', url: 'memory://' },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'postgres' as const, url: process.env.TEST_DATABASE_URL }]
    : []),
];

/**
 * One backend, for every other suite (routes, services, jobs, the chain): PostgreSQL when
 * TEST_DATABASE_URL is set (what production runs, with real concurrent connections), PGlite
 * otherwise. A list of one, so `describe.each(BACKEND)` reads as `describe.each(BACKENDS)` does.
 */
export const BACKEND: [Backend] = [BACKENDS[BACKENDS.length - 1] as Backend];

export type TestDbOptions = {
  /** the PostgreSQL schema, for a test that hands it to another process (default: a random one) */
  schema?: string;
  poolSize?: number;
};

/**
 * `url`: 'memory://' (PGlite, a copy of the run's migrated template) or a PostgreSQL URL, where a
 * fresh schema is made and dropped on close.
 */
export async function openTestDb(url: string, opts: TestDbOptions = {}): Promise<DbHandle> {
  if (url === 'memory://') return openDb(url);
  const schema = opts.schema ?? `t_core_${randomBytes(6).toString('hex')}`;
  const handle = await openDb(url, { schema, poolSize: opts.poolSize ?? 12 });
  const close = handle.close;
  return {
    ...handle,
    async close() {
      await handle.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
      await close();
    },
  };
}

/**
 * A PGlite database in the folder `dir` (made if missing, holding no database yet), copied from the
 * run's migrated template: for a process the test spawns (`dist/ops.js`, `dist/main.js`), which
 * would otherwise make and migrate one from nothing. Returns its DATABASE_URL.
 */
export async function pgliteFolderFromTemplate(dir: string): Promise<string> {
  const url = `file://${dir}`;
  // a new folder opened in this process starts from the template (pglite-template-setup.ts)
  const handle = await openDb(url, { handleSignals: false });
  await handle.close();
  return url;
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
