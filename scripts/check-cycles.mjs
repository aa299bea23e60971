// `npm run lint:cycles`: fails on any import cycle inside a workspace (type-only imports count:
// a cycle of types still ties the modules' meaning together). Each workspace is read with its own
// tsconfig so that path and extension rules match what tsc sees.
import { resolve } from 'node:path';
import madge from 'madge';

const root = resolve(import.meta.dirname, '..');

const workspaces = [
  { name: 'server', paths: ['server/src', 'server/test'], tsConfig: 'server/tsconfig.json' },
  { name: 'web', paths: ['web/src', 'web/e2e'], tsConfig: 'web/tsconfig.json' },
  { name: 'protocol', paths: ['packages/protocol/src'], tsConfig: 'packages/protocol/tsconfig.json' },
  { name: 'devchain', paths: ['packages/devchain/src'], tsConfig: 'packages/devchain/tsconfig.json' },
  { name: 'scripts', paths: ['scripts/src', 'scripts/test'], tsConfig: 'scripts/tsconfig.json' },
];

let cycles = 0;
for (const ws of workspaces) {
  const graph = await madge(
    ws.paths.map((p) => resolve(root, p)),
    { baseDir: root, fileExtensions: ['ts', 'tsx'], tsConfig: resolve(root, ws.tsConfig) },
  );
  const found = graph.circular();
  const files = Object.keys(graph.obj()).length;
  if (found.length === 0) {
    console.log(`${ws.name}: ${files} files, no import cycle`);
    continue;
  }
  cycles += found.length;
  console.error(`${ws.name}: ${found.length} import cycle(s)`);
  for (const cycle of found) console.error(`  ${[...cycle, cycle[0]].join(' → ')}`);
}
if (cycles > 0) process.exit(1);
