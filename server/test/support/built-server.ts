// The production entries for tests that spawn them: server/build.mjs builds server/dist once per run
// (server-build.ts, the suite's global setup; once per test file outside it, about a second; its
// files are renamed into place, so files building at once never see half a file) and the test runs
// `node dist/main.js`, `dist/migrate.js` or `dist/ops.js` with plain Node.
import { execFile, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { SERVER_ROOT } from '../../src/config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** server/dist was built by the run's global setup (server-build.ts) */
    serverBuilt: boolean;
  }
}

let built: Promise<void> | undefined;

/** The path of a built entry (`main`, `migrate`, `ops`), building server/dist first if the run has not. */
export async function builtEntry(name: 'main' | 'migrate' | 'ops'): Promise<string> {
  built ??= inject('serverBuilt')
    ? Promise.resolve()
    : promisify(execFile)(process.execPath, ['build.mjs'], { cwd: SERVER_ROOT }).then(() => {});
  await built;
  return resolve(SERVER_ROOT, 'dist', `${name}.js`);
}

export type EntryRun = { code: number | null; stdout: string; stderr: string; url: string | null };

/**
 * Runs a built entry with exactly `env` (and PATH) until it exits, or, for the API, until it says
 * it is listening: then `whileUp(url)` runs, it is stopped with SIGTERM and `url` says where it
 * listened.
 */
export async function runEntry(
  name: 'main' | 'migrate' | 'ops',
  env: Record<string, string | undefined>,
  opts: { args?: string[]; whileUp?: (url: string) => Promise<void> } = {},
): Promise<EntryRun> {
  const file = await builtEntry(name);
  const clean = Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined),
  );
  const child = spawn(process.execPath, [file, ...(opts.args ?? [])], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH, ...clean },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let url: string | null = null;
  let whileUp: Promise<void> = Promise.resolve();
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
    const listening = /FREE API listening on (http:\/\/\S+)/.exec(stdout);
    if (listening?.[1] && !url) {
      const at = listening[1];
      url = at;
      whileUp = (opts.whileUp?.(at) ?? Promise.resolve()).finally(() => child.kill('SIGTERM'));
    }
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
  await whileUp;
  return { code, stdout, stderr, url };
}
