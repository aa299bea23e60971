// `npm run build -w @free/server`: the server for plain Node (no tsx at run time). One esbuild bundle
// per entry in server/dist/ — main.js (the API), migrate.js (`npm run migrate`), ops.js (the operator
// tool) — with the workspace packages (@free/*, TypeScript sources) and viem (`BUNDLED`) inside and
// every other npm dependency left to node_modules (PGlite finds its wasm there). Source maps sit next to each file and are
// turned on by the bundle itself. dist/ is at the depth of src/, so the paths derived from the
// file's own location (config.ts REPO_ROOT: server/drizzle, deployments/) hold in both.
// Files are written to a temporary name and renamed: a build running while a test spawns dist/main.js
// (or two builds at once) never leaves a half-written file behind.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SERVER = dirname(fileURLToPath(import.meta.url));
export const DIST = join(SERVER, 'dist');

const ENTRIES = {
  main: 'src/main.ts',
  migrate: 'src/db/migrate-cli.ts',
  ops: 'src/ops/cli.ts',
};

/**
 * npm dependencies bundled all the same: viem and the packages it is made of. Its package entry
 * loads every module it has, which was about 0.3 s of the 0.8 s of CPU a process of the build
 * spent before it could refuse or serve; bundled, only what the server calls is in the file.
 */
const BUNDLED = /^(viem|ox|abitype|@noble|@scure)(\/|$)/;

/** @type {import('esbuild').Plugin} */
const npmDependenciesOutside = {
  name: 'npm-dependencies-outside',
  setup(b) {
    // bare specifiers (not ./, ../, /, node:) stay imports, except this repository's workspaces and
    // BUNDLED
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@free/') || BUNDLED.test(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/** Builds server/dist (or `outdir`); resolves with the files written. */
export async function buildServer(outdir = DIST) {
  const result = await build({
    absWorkingDir: SERVER,
    entryPoints: ENTRIES,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    sourcesContent: false,
    // stack traces name the TypeScript file and line
    banner: { js: 'process.setSourceMapsEnabled(true);' },
    plugins: [npmDependenciesOutside],
    logLevel: 'warning',
    write: false,
  });
  mkdirSync(outdir, { recursive: true });
  const tmpSuffix = `.${process.pid}.${Date.now()}.tmp`;
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path + tmpSuffix, file.contents);
    renameSync(file.path + tmpSuffix, file.path);
  }
  return result.outputFiles.map((f) => relative(SERVER, f.path));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = Date.now();
  const files = await buildServer();
  console.log(
    `server built in ${Date.now() - started} ms: ${files.filter((f) => f.endsWith('.js')).join(', ')}`,
  );
}
