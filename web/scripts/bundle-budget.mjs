// After `vite build`: the gzip size of all JavaScript loaded before the home page's first paint
// (see first-paint.mjs) must stay under budget.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstPaintJs } from './first-paint.mjs';

const BUDGET_BYTES = 160 * 1024;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', process.argv[2] ?? 'dist');

let measured;
try {
  measured = firstPaintJs(dist);
} catch (err) {
  console.error(`bundle-budget: ${err.message}`);
  process.exit(1);
}
const { files, totalBytes } = measured;
for (const f of [...files].sort((a, b) => b.gzipBytes - a.gzipBytes))
  console.log(`  ${(f.gzipBytes / 1024).toFixed(1).padStart(7)} KiB  ${f.file}`);
const kib = (totalBytes / 1024).toFixed(1);
console.log(`first-paint JS: ${kib} KiB gzip (budget ${BUDGET_BYTES / 1024} KiB, ${files.length} files)`);
if (totalBytes >= BUDGET_BYTES) {
  console.error(`bundle-budget: over budget by ${((totalBytes - BUDGET_BYTES) / 1024).toFixed(1)} KiB`);
  process.exit(1);
}
