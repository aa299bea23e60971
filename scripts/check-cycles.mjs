// `npm run lint:cycles`: fails on any import cycle inside a workspace (type-only imports count:
// a cycle of types still ties the modules' meaning together), and on a server module importing
// across its layer (server/README.md "Layers"). Each workspace is read with its own tsconfig so
// that path and extension rules match what tsc sees.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseSync, Visitor } from 'oxc-parser';
import { ResolverFactory } from 'oxc-resolver';

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

// tsc's "Bundler" resolution (tsconfig.base.json): server, scripts and the packages import `.ts`
// files with their extension, web without one; a `.js`/`.mjs` specifier finds the `.ts`/`.d.mts`
// beside it. Links are not followed, so a package (ours too: node_modules/@free/protocol) stays
// under node_modules and out of the graph: each workspace is checked on its own.
const resolverFor = (tsConfig) =>
  new ResolverFactory({
    tsconfig: { configFile: resolve(root, tsConfig) },
    extensions: ['.ts', '.tsx', '.d.ts'],
    extensionAlias: { '.js': ['.ts', '.tsx', '.d.ts', '.js'], '.mjs': ['.mts', '.d.mts', '.mjs'] },
    conditionNames: ['types', 'import'],
    symlinks: false,
  });

// Every module a file names: imports (`import type` too), `export … from`, `import('…')` with a
// literal, and `typeof import('…')` in a type, which the parser's module record leaves out: only
// a file that writes `import(` more often than it imports dynamically has its syntax tree read.
function specifiers(file) {
  if (!/\.[cm]?tsx?$/.test(file)) return []; // a stylesheet or JSON file imports nothing
  const source = readFileSync(file, 'utf8');
  const parsed = parseSync(file, source); // its getters read lazily: `program` (costly) only if asked
  const { module, errors } = parsed;
  if (errors.length > 0) throw new Error(`${file}: ${errors[0].message}`);
  const named = [
    ...module.staticImports.map((i) => i.moduleRequest.value),
    ...module.staticExports.flatMap((e) => e.entries.flatMap((x) => x.moduleRequest?.value ?? [])),
    ...module.dynamicImports.flatMap(({ moduleRequest: { start, end } }) => {
      const literal = /^(['"`])([^'"`$]*)\1$/.exec(source.slice(start, end));
      return literal ? [literal[2]] : [];
    }),
  ];
  if ((source.match(/\bimport\s*\(/g)?.length ?? 0) > module.dynamicImports.length) {
    new Visitor({ TSImportType: (node) => named.push(node.source.value) }).visit(parsed.program);
  }
  return named;
}

// file → the files it imports, paths from the repository root. Starts from every .ts/.tsx file
// of the workspace and follows relative imports wherever they lead (scripts reach into server/).
function importGraph(ws) {
  const resolver = resolverFor(ws.tsConfig);
  const graph = {};
  const queue = ws.paths.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true })
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => join(root, dir, f)),
  );
  for (const file of queue) {
    const name = relative(root, file);
    if (name in graph) continue;
    const imported = new Set();
    for (const specifier of specifiers(file)) {
      const { path, error } = resolver.sync(dirname(file), specifier);
      // an unresolved relative import would silently drop an edge (tsc would fail on it too)
      if (error && specifier.startsWith('.')) throw new Error(`${name}: ${error}`);
      if (path && !path.includes('/node_modules/')) imported.add(path);
    }
    queue.push(...imported);
    graph[name] = [...imported].map((path) => relative(root, path)).sort();
  }
  return graph;
}

// One cycle per import that leads back into the chain being walked (depth first, files in order).
function findCycles(graph) {
  const done = new Set();
  const chain = [];
  const cycles = [];
  const visit = (file) => {
    chain.push(file);
    for (const imported of graph[file]) {
      const back = chain.indexOf(imported);
      if (back >= 0) cycles.push(chain.slice(back));
      else if (!done.has(imported)) visit(imported);
    }
    chain.pop();
    done.add(file);
  };
  for (const file of Object.keys(graph).sort()) if (!done.has(file)) visit(file);
  return cycles;
}

let cycles = 0;
for (const ws of workspaces) {
  const graph = importGraph(ws);
  const crossed = ws.name === 'server' ? crossings(graph) : [];
  if (crossed.length > 0) {
    cycles += crossed.length;
    console.error(`${ws.name}: ${crossed.length} import(s) across a layer`);
    for (const c of crossed) console.error(`  ${c}`);
  }
  // a cycle wholly inside another workspace's files (scripts reach into server/src) is that
  // workspace's to report, once
  const own = (file) => ws.paths.some((dir) => file.startsWith(`${dir}/`));
  const found = findCycles(graph).filter((cycle) => cycle.some(own));
  const files = Object.keys(graph).length;
  if (found.length === 0) {
    console.log(`${ws.name}: ${files} files, no import cycle`);
    continue;
  }
  cycles += found.length;
  console.error(`${ws.name}: ${found.length} import cycle(s)`);
  for (const cycle of found) console.error(`  ${[...cycle, cycle[0]].join(' → ')}`);
}
if (cycles > 0) process.exit(1);
