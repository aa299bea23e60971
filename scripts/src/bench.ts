// `npm run bench`: the benchmarks, one after another (never part of `npm test`; timings on a shared
// 2-core machine move between runs, so compare figures from the same run only).
// `npm run bench -- 20000` passes a smaller user count to the settlement benchmark.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const benches = [{ name: 'daily settlement (server)', file: 'server/bench/settlement.bench.ts' }];

let failed = 0;
for (const bench of benches) {
  console.log(`\n» ${bench.name}`);
  const r = spawnSync('node', ['--import', 'tsx', join(root, bench.file), ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
