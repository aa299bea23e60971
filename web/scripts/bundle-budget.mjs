// After `vite build`: the gzip size of all JavaScript loaded before the home page's first paint
// (the entry chunk and everything it imports statically, per the Vite manifest) must stay under budget.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', process.argv[2] ?? 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
if (!entry) {
  console.error('bundle-budget: no entry chunk in the manifest');
  process.exit(1);
}

const seen = new Set();
const files = [];
(function walk(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  if (chunk.file.endsWith('.js')) files.push(chunk.file);
  for (const imported of chunk.imports ?? []) walk(imported);
})(entry[0]);

let total = 0;
const rows = files.map((file) => {
  const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gz;
  return { file, kib: (gz / 1024).toFixed(1) };
});
for (const r of rows.sort((a, b) => Number(b.kib) - Number(a.kib)))
  console.log(`  ${r.kib.padStart(7)} KiB  ${r.file}`);
const kib = (total / 1024).toFixed(1);
console.log(`first-paint JS: ${kib} KiB gzip (budget ${BUDGET_BYTES / 1024} KiB, ${files.length} files)`);
if (total >= BUDGET_BYTES) {
  console.error(`bundle-budget: over budget by ${((total - BUDGET_BYTES) / 1024).toFixed(1)} KiB`);
  process.exit(1);
}
