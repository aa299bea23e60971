// Vitest global setup: one migrated in-memory PGlite, dumped to a file once per run (and the bare
// database it was migrated from, for the migration tests: raw-migrations.ts). Every embedded
// database a test file's process makes starts from a copy of it (pglite-template-setup.ts) instead of
// letting PGlite create and migrate a database from nothing, which costs 5–6 s of CPU each time and
// the suite opens a few hundred. The dump is made from this checkout's migrations at the start of
// every run, so it never lags behind them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migratedPgliteDump } from '../../src/db/client.ts';
import { oncePerRun } from './once-per-run.ts';
// the types of what is provided are declared next to their readers
import type {} from './pglite-template-setup.ts';
import type {} from './raw-migrations.ts';

export default async function setup(project: TestProject) {
  const { dir, file, bareFile } = await oncePerRun('pgliteTemplate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'free-pglite-'));
    // the database PGlite makes (its initdb), before any migration: the migration tests start from
    // it (raw-migrations.ts), and so does the migrated one
    const bareFile = join(dir, 'bare.tar');
    const lite = await PGlite.create();
    const bare = await lite.dumpDataDir('none');
    await lite.close();
    writeFileSync(bareFile, Buffer.from(await bare.arrayBuffer()));
    const file = join(dir, 'migrated.tar');
    const dump = await migratedPgliteDump(bare);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return { dir, file, bareFile };
  });
  project.provide('pgliteTemplate', file);
  project.provide('pgliteBareTemplate', bareFile);
  return () => rmSync(dir, { recursive: true, force: true });
}
