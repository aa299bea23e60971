// After `vite build`: the gzip size of all JavaScript loaded before the home page's first paint
// (see first-paint.mjs) must stay under budget, in a few files (each one more request on a phone's
// 150 ms round trips: vite.config.ts puts the first render's code in one chunk), and none of it may
// be the operator console's: no module of src/pages/admin or its catalogues, no key of its texts
// (it loads lazily, docs/operations.md "Operators and the console").
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstPaintJs } from './first-paint.mjs';

// 150 KiB: the English catalogue ships in the first render's chunk (the fallback language) and grew
// with the proof-of-liabilities page, the withdrawal holds and the plural forms; index.html's shell
// script carries, in every language, the home page's texts down to the FOMO card it draws with live
// figures before the app runs (docs/benchmarks.md "Web app on a phone")
const BUDGET_BYTES = 150 * 1024;
const MAX_FILES = 8;
const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, process.argv[2] ?? 'dist');

let measured;
try {
  measured = firstPaintJs(dist);
} catch (err) {
  console.error(`bundle-budget: ${err.message}`);
  process.exit(1);
}
const { files, totalBytes, modules } = measured;
for (const f of [...files].sort((a, b) => b.gzipBytes - a.gzipBytes))
  console.log(`  ${(f.gzipBytes / 1024).toFixed(1).padStart(7)} KiB  ${f.file}`);
const kib = (totalBytes / 1024).toFixed(1);
// requests: index.html's inline scripts come with the page
const requests = files.filter((f) => f.source === undefined).length;
console.log(`first-paint JS: ${kib} KiB gzip (budget ${BUDGET_BYTES / 1024} KiB, ${requests} files)`);
if (totalBytes >= BUDGET_BYTES) {
  console.error(`bundle-budget: over budget by ${((totalBytes - BUDGET_BYTES) / 1024).toFixed(1)} KiB`);
  process.exit(1);
}
if (requests > MAX_FILES) {
  console.error(`bundle-budget: ${requests} files before the first render (at most ${MAX_FILES})`);
  process.exit(1);
}

// The console stays out of the first paint: neither its modules nor its texts.
const consoleModules = modules.filter((m) => /(^|\/)src\/(pages\/admin|i18n\/locales\/admin)\//.test(m));
const consoleKeys = Object.keys(
  JSON.parse(readFileSync(join(web, 'src/i18n/locales/admin/en.json'), 'utf8')),
);
const leaks = files.flatMap(({ file, source }) => {
  const js = source ?? readFileSync(join(dist, file), 'utf8');
  return consoleKeys.filter((k) => js.includes(k)).map((k) => `${file}: ${k}`);
});
if (consoleKeys.length === 0) {
  console.error('bundle-budget: the console catalogue has no keys to look for');
  process.exit(1);
}
if (consoleModules.length > 0 || leaks.length > 0) {
  console.error(
    `bundle-budget: the operator console reaches the first paint:\n  ${[...consoleModules, ...leaks.slice(0, 20)].join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`first paint holds no console module and none of its ${consoleKeys.length} text keys`);
