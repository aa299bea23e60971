// A new embedded database in a test's process starts from the run's migrated template
// (startNewPgliteFrom, set by test/support/pglite-template-setup.ts), also a `file://` folder the
// code under test opens itself; a folder that already holds a database opens as it is.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationStatus, openDb, rows } from './client.ts';

describe('a new file:// PGlite folder in the tests', () => {
  const dir = mkdtempSync(join(tmpdir(), 'free-new-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts from the migrated template, and once it holds a database opens as it is', async () => {
    const url = `file://${join(dir, 'db')}`;
    const opened = new Date();
    const first = await openDb(url, { handleSignals: false });
    try {
      expect(await migrationStatus(first)).toEqual({ pending: [], unknown: [] });
      // every migration was applied before this open: in the template, at the start of the run
      const [latest] = await rows<{ at: Date }>(
        first.db,
        sql`SELECT max(applied_at) AS at FROM "__free_migrations"`,
      );
      expect(new Date(latest?.at ?? 0).getTime()).toBeLessThan(opened.getTime());
      await first.db.execute(sql`INSERT INTO seed_runs (name) VALUES ('kept')`);
    } finally {
      await first.close();
    }

    const again = await openDb(url, { handleSignals: false });
    try {
      expect(await rows(again.db, sql`SELECT name FROM seed_runs`)).toEqual([{ name: 'kept' }]);
    } finally {
      await again.close();
    }
  });
});
