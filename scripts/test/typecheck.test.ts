// The type check's programs (src/typecheck.ts): every workspace with a tsconfig.json is in exactly one,
// each program holds every file its workspaces' `tsc -p` would check, and only workspaces with the
// same compiler options share one (the web app's DOM and JSX stay out of the server's program).
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { programGroups } from '../src/typecheck.ts';

const root = resolve(import.meta.dirname, '../..');

function parsed(workspace: string) {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, workspace, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  );
  if (!config) throw new Error(`no tsconfig in ${workspace}`);
  return config;
}

it('checks the node workspaces as one program and the web app as another, with every file of each', () => {
  const groups = programGroups();
  expect(groups.map((g) => g.workspaces)).toEqual([
    ['packages/protocol', 'packages/devchain', 'server', 'scripts'],
    ['web'],
  ]);
  for (const group of groups) {
    for (const workspace of group.workspaces) {
      const own = parsed(workspace);
      expect(group.files).toEqual(expect.arrayContaining(own.fileNames));
      expect({ ...group.options, configFilePath: undefined }).toEqual({
        ...own.options,
        configFilePath: undefined,
      });
    }
  }
  expect(groups[1]?.options.jsx).toBe(ts.JsxEmit.ReactJSX);
  expect(groups[0]?.options.lib).not.toEqual(groups[1]?.options.lib);
});
