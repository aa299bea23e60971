// Vitest setup file, run in each test file's process before the file: every embedded database made
// there starts from the run's migrated template (pglite-template.ts) instead of being made and
// migrated from nothing: `openTestDb('memory://')`, and also the databases the code under test
// opens itself (`startServer` with DATABASE_URL=memory://, `ensureDatabaseMatchesChain` on a new
// `file://` folder). A process the test spawns does not have it: hand it a folder made by
// `pgliteFolderFromTemplate` (test-db.ts).
import { openAsBlob } from 'node:fs';
import { inject } from 'vitest';
import { startNewPgliteFrom } from '../../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the file holding the migrated PGlite data directory (a tar made by `dumpDataDir`) */
    pgliteTemplate: string;
  }
}

// absent when this runs outside the suite's config (no global setup): databases start from nothing
const file = inject('pgliteTemplate');
// a Blob backed by the file: read only when a database is made, not by every file that makes none
startNewPgliteFrom(file ? await openAsBlob(file) : undefined);
