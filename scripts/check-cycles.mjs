// `npm run lint:cycles`: fails on any import cycle inside a workspace (type-only imports count:
// a cycle of types still ties the modules' meaning together), and on a server module importing
// across its layer (server/README.md "Layers"). Each workspace is read with its own tsconfig so
// that path and extension rules match what tsc sees.
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

// The server's layers: the business logic (and the jobs, the chain, the database) never reaches
// up into the HTTP layer or the answers' shapes; the operators' tool uses the views, never a route;
// a route neither queries tables (services do) nor formats amounts, times or addresses (views do).
// Tests may cross (a service test may check the view of what it made).
const HTTP = ['server/src/routes/', 'server/src/http/', 'server/src/app.ts'];
const LAYERS = [
  {
    from: [
      'server/src/services/',
      'server/src/jobs/',
      'server/src/chain/',
      'server/src/db/',
      'server/src/lib/',
    ],
    not: [...HTTP, 'server/src/views/', 'server/src/ops/'],
  },
  { from: ['server/src/ops/', 'server/src/views/'], not: HTTP },
  {
    from: ['server/src/routes/'],
    not: ['server/src/db/schema/', 'server/src/db/client.ts', 'server/src/lib/format.ts'],
  },
];
const crossings = (deps) =>
  Object.entries(deps).flatMap(([file, imports]) => {
    if (file.endsWith('.test.ts')) return [];
    return LAYERS.filter((l) => l.from.some((f) => file.startsWith(f))).flatMap((l) =>
      imports.filter((i) => l.not.some((n) => i.startsWith(n))).map((i) => `${file} → ${i}`),
    );
  });

let cycles = 0;
for (const ws of workspaces) {
  const graph = await madge(
    ws.paths.map((p) => resolve(root, p)),
    { baseDir: root, fileExtensions: ['ts', 'tsx'], tsConfig: resolve(root, ws.tsConfig) },
  );
  const crossed = ws.name === 'server' ? crossings(graph.obj()) : [];
  if (crossed.length > 0) {
    cycles += crossed.length;
    console.error(`${ws.name}: ${crossed.length} import(s) across a layer`);
    for (const c of crossed) console.error(`  ${c}`);
  }
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
