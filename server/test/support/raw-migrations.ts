// A bare database (no migrations applied) on a backend of BACKENDS, and the migration files
// statement by statement: a migration's test applies those before it, writes the rows the
// migration must carry over, applies it, and reads the result.
import { openAsBlob, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the file holding a PGlite data directory with no migration applied (pglite-template.ts) */
    pgliteBareTemplate: string;
  }
}

export type JournalEntry = { idx: number; tag: string };

export const migrationJournal = (): JournalEntry[] =>
  (
    JSON.parse(readFileSync(resolve(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;

/** The statements of migration `tag`, as drizzle's migrator splits them. */
export const statements = (tag: string): string[] =>
  readFileSync(resolve(MIGRATIONS_DIR, `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.replaceAll('"public".', '').trim())
    .filter(Boolean);

export type RawRun = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** Opens the bare database before the suite's tests (a fresh schema on PostgreSQL) and drops it after. */
export function useRawDb(url: string): { run: RawRun; apply: (entries: JournalEntry[]) => Promise<void> } {
  let run: RawRun = () => Promise.reject(new Error('the raw database is not open yet'));
  let close: () => Promise<void> = async () => {};
  beforeAll(async () => {
    if (url === 'memory://') {
      // a copy of the run's bare database (about 1 s of CPU) rather than PGlite's initdb (4 s);
      // made afresh outside the suite's config
      const bare = inject('pgliteBareTemplate');
      const lite = new PGlite(bare ? { loadDataDir: await openAsBlob(bare) } : undefined);
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
  const db = {
    run: (text: string) => run(text),
    apply: async (entries: JournalEntry[]) => {
      for (const e of entries) for (const s of statements(e.tag)) await run(s);
    },
  };
  return db;
}
