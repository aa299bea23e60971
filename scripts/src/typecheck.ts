// `npm run typecheck` (suite `typecheck` of `npm test`): every workspace's tsconfig.json, checked with
// as few programs as their options allow. Workspaces whose compiler options are the same (protocol,
// devchain, server, scripts) are one program, so a file is checked once however many workspaces
// import it (scripts imports the server, everything imports protocol); the web app (DOM, JSX) is a
// program of its own. The programs run side by side, one process each. Same files, same
// options and so the same errors as `npx tsc --noEmit -p <workspace>` run for each.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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

/** The program's errors, formatted as tsc prints them (empty when there are none). */
function check(group: Group, color: boolean): string {
  const program = ts.createProgram({ rootNames: [...new Set(group.files)], options: group.options });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (!diagnostics.length) return '';
  return color
    ? ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost)
    : ts.formatDiagnostics(diagnostics, formatHost);
}

/** Checks every program side by side, one process each (tsc is single-threaded): true when clean. */
async function checkAll(): Promise<boolean> {
  const started = Date.now();
  const groups = programGroups();
  const results = await Promise.all(
    groups.map(
      (group, i) =>
        new Promise<{ group: Group; errors: string; secs: string }>((done) => {
          const args = ['--import', 'tsx', import.meta.filename, '--group', String(i)];
          if (process.stdout.isTTY) args.push('--color');
          const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
          let errors = '';
          child.stdout.on('data', (c: Buffer) => {
            errors += c.toString();
          });
          child.once('close', (code) => {
            const secs = ((Date.now() - started) / 1000).toFixed(0);
            done({ group, errors: errors || (code === 0 ? '' : `exited with ${code}\n`), secs });
          });
        }),
    ),
  );
  for (const { group, errors, secs } of results) {
    const files = new Set(group.files).size;
    console.log(`${errors ? '✗' : '✓'} ${group.workspaces.join(' + ')}: ${files} files (${secs}s)`);
    process.stdout.write(errors);
  }
  return results.every((r) => !r.errors);
}

if (process.argv[1] === import.meta.filename) {
  const groupArg = process.argv.indexOf('--group');
  if (groupArg !== -1) {
    // a child of checkAll: one program, its errors on stdout
    const group = programGroups()[Number(process.argv[groupArg + 1])];
    if (!group) throw new Error('no such group');
    const errors = check(group, process.argv.includes('--color'));
    process.stdout.write(errors);
    process.exit(errors ? 1 : 0);
  }
  process.exit((await checkAll()) ? 0 : 1);
}
