// The JavaScript a visitor loads before the app's first render: index.html's inline shell scripts,
// the entry chunk, the app's start (src/boot.tsx, which the entry loads as soon as index.html's
// shell has painted) and everything they import statically, per the Vite manifest, with each file's
// gzip size. Used by the bundle budget (npm test) and the web benchmark (npm run bench).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * `modules`: the manifest keys (source paths, e.g. src/boot.tsx) of the chunks walked.
 * `source`: the text of a script that has no file of its own (index.html's inline ones).
 * @returns {{ files: { file: string, gzipBytes: number, source?: string }[], totalBytes: number, modules: string[] }}
 */
export function firstPaintJs(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error('no entry chunk in the Vite manifest');
  const starts = [entry[0], ...(entry[1].dynamicImports ?? []).filter((k) => k.endsWith('src/boot.tsx'))];
  if (starts.length < 2) throw new Error('the entry does not load src/boot.tsx');
  const seen = new Set();
  const names = [];
  const walk = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (chunk.file.endsWith('.js')) names.push(chunk.file);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  for (const start of starts) walk(start);
  const files = names.map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
  }));
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  for (const [, code] of html.matchAll(/<script>([\s\S]*?)<\/script>/g))
    files.push({
      file: `index.html (inline script, ${code.length} characters)`,
      gzipBytes: gzipSync(code, { level: 9 }).length,
      source: code,
    });
  return { files, totalBytes: files.reduce((a, f) => a + f.gzipBytes, 0), modules: [...seen] };
}
