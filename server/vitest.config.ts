import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

const ROOT = import.meta.dirname;
const TEST_FILES = ['src', 'test'].flatMap((dir) =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `${dir}/${f}`),
);
/**
 * What makes a test file run in a process of its own: it starts another process, a server, a server's
 * jobs or their loops, whose timers, sockets and ports must end with the file. Every other file opens
 * its own database, and some a chain of their own (an anvil that their afterAll stops, with nothing of
 * it kept in a module); those share one process, so the server's modules are imported once for all of
 * them instead of once per file (2–3 s of CPU each, docs/benchmarks.md).
 */
const STARTS_SOMETHING = /node:child_process|runEntry|startServer|runLoop|twoApps|startJobs/;
const OWN_PROCESS = TEST_FILES.filter((f) => STARTS_SOMETHING.test(readFileSync(join(ROOT, f), 'utf8')));

export default defineConfig({
  test: {
    // bounds for a hung test, not speed requirements: with both cores busy, migrating one in-memory
    // PGlite database alone took over a minute
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // each file opens its own database (in-memory PGlite, or a fresh PostgreSQL schema); two files
    // at once, also on 2 cores (vitest's default there is one): the suite mostly waits on
    // PostgreSQL, the chains and the processes it starts (docs/benchmarks.md, the test suite)
    fileParallelism: true,
    maxWorkers: 2,
    // a migrated PGlite made once, that every in-memory test database starts from; the contracts
    // deployed once, that every test chain starts from; server/dist built once, that the tests
    // spawning the API or the operator tool run with plain Node (each made once per run for both
    // projects: test/support/once-per-run.ts)
    globalSetup: [
      'test/support/pglite-template.ts',
      'test/support/chain-template.ts',
      'test/support/server-build.ts',
    ],
    // in each test file's process: every embedded database made there (the tests' own, and those the
    // code under test opens itself) starts from that migrated PGlite
    setupFiles: ['test/support/pglite-template-setup.ts'],
    // every answer is also checked against its zod response schema (http/serializer.ts)
    env: { CHECK_RESPONSES: '1' },
    projects: [
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS } },
      {
        extends: true,
        test: { name: 'shared', include: TEST_FILES, exclude: OWN_PROCESS, isolate: false },
      },
    ],
  },
});
