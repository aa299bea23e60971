// Vitest global setup: server/dist built once per run (server/build.mjs, a few seconds), before any
// test file starts. The tests that spawn the API or the operator tool run those built files with
// plain Node (built-server.ts) instead of `node --import tsx`, which compiles the whole server cold
// in every process it starts.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { SERVER_ROOT } from '../../src/config.ts';
// the type of what is provided (`serverBuilt`) is declared next to its reader
import type {} from './built-server.ts';
import { oncePerRun } from './once-per-run.ts';

export default async function setup(project: TestProject) {
  await oncePerRun('serverBuilt', () =>
    promisify(execFile)(process.execPath, ['build.mjs'], { cwd: SERVER_ROOT }),
  );
  project.provide('serverBuilt', true);
}
