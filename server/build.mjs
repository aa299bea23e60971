// `npm run build -w @free/server`: the server for plain Node (no tsx at run time). One esbuild bundle
// per entry in server/dist/ — main.js (the API), migrate.js (`npm run migrate`), ops.js (the operator
// tool) — with the workspace packages (@free/*, TypeScript sources) and the npm dependencies inside,
// except those left to node_modules (`OUTSIDE`: PGlite finds its wasm there). Source maps sit next to
// each file and are turned on by the bundle itself. dist/ is at the depth of src/, so the paths derived from the
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
 * The npm dependencies that stay imports from node_modules: PGlite reads its wasm and data files next
 * to its own module, and pg's optional native binding is not installed. Every other one is bundled:
 * loading them from node_modules (resolving, reading and linking a few hundred files) was about 0.4 s
 * of the 1.2 s of CPU a process of the build spent before it could refuse or serve (viem's package
 * entry alone loads every module it has); bundled, only what the server calls is in the file.
 */
const OUTSIDE = /^(@electric-sql\/pglite|pg-native)(\/|$)/;

/** @type {import('esbuild').Plugin} */
const keepOutside = {
  name: 'keep-outside',
  setup(b) {
    b.onResolve({ filter: OUTSIDE }, (args) => ({ path: args.path, external: true }));
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
    banner: {
      js: [
        // the bundled CommonJS packages require node's modules (esbuild's ESM output has no require)
        "import { createRequire as __createRequire } from 'node:module';",
        'const require = __createRequire(import.meta.url);',
        // stack traces name the TypeScript file and line
        'process.setSourceMapsEnabled(true);',
      ].join(' '),
    },
    plugins: [keepOutside],
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
