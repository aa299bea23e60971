// Vitest global setup: one migrated in-memory PGlite, dumped to a file once per run. Every embedded
// database a test file's process makes starts from a copy of it (pglite-template-setup.ts) instead of
// letting PGlite create and migrate a database from nothing, which costs 5–6 s of CPU each time and
// the suite opens a few hundred. The dump is made from this checkout's migrations at the start of
// every run, so it never lags behind them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteDump } from '../../src/db/client.ts';
import { oncePerRun } from './once-per-run.ts';
// the type of what is provided (`pgliteTemplate`) is declared next to its reader
import type {} from './pglite-template-setup.ts';

export default async function setup(project: TestProject) {
  const { dir, file } = await oncePerRun('pgliteTemplate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'free-pglite-'));
    const file = join(dir, 'migrated.tar');
    const dump = await migratedPgliteDump();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return { dir, file };
  });
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
