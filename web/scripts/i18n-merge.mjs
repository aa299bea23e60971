#!/usr/bin/env node
// Adds translated keys to all 12 locale catalogues in one go, so several people can add texts
// without overwriting each other's edits. Input: a JSON file { "key": { "en": "…", "ar": "…", … } }.
// Every key must carry all 12 languages; existing keys are updated in place, new ones appended.
// Usage: node web/scripts/i18n-merge.mjs path/to/keys.json
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const LANGS = ['ar', 'en', 'fil', 'hi', 'id', 'ja', 'ko', 'ru', 'th', 'vi', 'zh-Hans', 'zh-Hant'];
const dir = join(dirname(fileURLToPath(import.meta.url)), '../src/i18n/locales');
const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));

const problems = [];
for (const [key, byLang] of Object.entries(input)) {
  for (const lang of LANGS)
    if (typeof byLang?.[lang] !== 'string' || !byLang[lang].trim()) problems.push(`${key}: no ${lang}`);
}
if (problems.length) {
  console.error(`i18n-merge: nothing written\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
for (const lang of LANGS) {
  const file = join(dir, `${lang}.json`);
  const catalog = JSON.parse(readFileSync(file, 'utf8'));
  for (const [key, byLang] of Object.entries(input)) catalog[key] = byLang[lang];
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(catalog, null, 2)}\n`);
  renameSync(tmp, file); // atomic: a concurrent reader never sees half a file
}
console.log(`i18n-merge: ${Object.keys(input).length} keys written to ${LANGS.length} catalogues`);
