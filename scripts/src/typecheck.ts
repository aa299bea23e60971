// `npm run typecheck` (suite `typecheck` of `npm test`): every workspace's tsconfig.json, checked with
// as few programs as their options allow. Workspaces whose compiler options are the same (protocol,
// devchain, server, scripts) are one program, so a file is checked once however many workspaces
// import it (scripts imports the server, everything imports protocol); the web app (DOM, JSX) is a
// program of its own. The programs run side by side, one tsgo process each (`check`). Same files and
// options as `npx tsc --noEmit -p <workspace>` run for each; the workspaces' configs are still read
// with TypeScript's own parser, the one the editor uses.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '../..');

type Group = { workspaces: string[]; options: ts.CompilerOptions; files: string[] };

/** Each workspace's parsed tsconfig.json, grouped by identical compiler options. */
export function programGroups(): Group[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
  const groups = new Map<string, Group>();
  for (const workspace of pkg.workspaces) {
    const configFile = join(root, workspace, 'tsconfig.json');
    if (!ts.sys.fileExists(configFile)) continue;
    const parsed = ts.getParsedCommandLineOfConfigFile(
      configFile,
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
        },
      },
    );
    if (!parsed) throw new Error(`cannot read ${configFile}`);
    if (parsed.errors.length) throw new Error(ts.formatDiagnostics(parsed.errors, formatHost));
    // the path of the config is the only option that differs between otherwise equal configs
    const { configFilePath: _, ...options } = parsed.options;
    const key = JSON.stringify(options);
    const group = groups.get(key) ?? { workspaces: [], options: parsed.options, files: [] };
    group.workspaces.push(workspace);
    group.files.push(...parsed.fileNames);
    groups.set(key, group);
  }
  return [...groups.values()];
}

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};

/**
 * Checks one program with tsgo (TypeScript's native compiler, the same checker as tsc 5.9 ported to
 * Go): a config made for it that extends the group's first workspace (so the same options) and lists
 * every file of the group. About a fifth of tsc's CPU on these programs (docs/benchmarks.md, the test
 * suite); single-threaded, because the programs already run side by side and tsgo's own threads cost
 * twice the CPU on two cores. Resolves with the errors as tsc prints them (empty when there are none).
 */
function check(group: Group, index: number, color: boolean): Promise<string> {
  const dir = join(root, '.tmp/typecheck');
  mkdirSync(dir, { recursive: true });
  const config = join(dir, `program-${index}.json`);
  const first = group.workspaces[0] as string;
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(root, first, 'tsconfig.json'),
      files: [...new Set(group.files)],
      include: [],
    }),
  );
  const args = ['--noEmit', '--singleThreaded', '--pretty', String(color), '-p', config];
  return new Promise((done) => {
    const child = spawn(process.execPath, [tsgo, ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let errors = '';
    child.stdout.on('data', (c: Buffer) => {
      errors += c.toString();
    });
    child.once('close', (code) => done(errors || (code === 0 ? '' : `tsgo exited with ${code}\n`)));
  });
}

// its launcher script, found through the package (it picks the binary of this platform)
const tsgo = fileURLToPath(
  new URL('bin/tsgo', import.meta.resolve('@typescript/native-preview/package.json')),
);

/** Checks every program side by side, one process each: true when clean. */
async function checkAll(): Promise<boolean> {
  const started = Date.now();
  const groups = programGroups();
  const results = await Promise.all(
    groups.map(async (group, i) => {
      const errors = await check(group, i, process.stdout.isTTY === true);
      return { group, errors, secs: ((Date.now() - started) / 1000).toFixed(0) };
    }),
  );
  for (const { group, errors, secs } of results) {
    const files = new Set(group.files).size;
    console.log(`${errors ? '✗' : '✓'} ${group.workspaces.join(' + ')}: ${files} files (${secs}s)`);
    process.stdout.write(errors);
  }
  return results.every((r) => !r.errors);
}

if (process.argv[1] === import.meta.filename) process.exit((await checkAll()) ? 0 : 1);
