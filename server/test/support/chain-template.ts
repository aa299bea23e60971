// Vitest global setup: the directory where this run's chain template is made. The first test file
// that starts a chain deploys the contracts and dumps that chain there; every later one loads the
// dump (test-chain.ts). Made per run, so it never lags behind the contracts or the deploy script,
// and only when a chain test runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { oncePerRun } from './once-per-run.ts';
// the type of what is provided (`chainTemplateDir`) is declared next to its reader
import type {} from './test-chain.ts';

export default async function setup(project: TestProject) {
  const dir = await oncePerRun('chainTemplateDir', async () =>
    mkdtempSync(join(tmpdir(), 'free-chain-template-')),
  );
  project.provide('chainTemplateDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
