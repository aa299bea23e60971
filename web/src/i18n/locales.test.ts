// Fails when a locale lacks a key of en.json, has one en.json lacks, loses a placeholder, or leaves
// a text in English (except brand-only strings); for the app's catalogues and the operator console's
// (src/i18n/locales/admin/, loaded only with the console).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_CODES } from '@free/protocol/languages';
import { describe, expect, it } from 'vitest';

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/**
 * The catalogues: the app's (loaded on first paint and by language) and the operator console's
 * (loaded with the console chunk). Each lists the keys whose English text is the same in every
 * language (a brand, or only placeholders and marks).
 */
const CATALOGUES = [
  { name: 'app', dir: join(import.meta.dirname, 'locales'), same: ['contact.telegram', 'contact.twitter'] },
  {
    name: 'console',
    dir: join(import.meta.dirname, 'locales', 'admin'),
    same: ['admin.signedInAs'],
  },
];

for (const c of CATALOGUES) {
  const load = (code: string) =>
    JSON.parse(readFileSync(join(c.dir, `${code}.json`), 'utf8')) as Record<string, string>;
  const en = load('en');
  const sameAsEnglish = new Set(c.same);

  describe(`${c.name} locales`, () => {
    it('has one catalogue per language, no more', () => {
      expect(
        readdirSync(c.dir)
          .filter((f) => f.endsWith('.json'))
          .map((f) => f.replace('.json', ''))
          .sort(),
      ).toEqual([...LANGUAGE_CODES].sort());
    });

    for (const code of LANGUAGE_CODES.filter((l) => l !== 'en')) {
      it(`${code} translates every key of en.json`, () => {
        const cat = load(code);
        expect(
          Object.keys(cat).filter((k) => !(k in en)),
          'keys unknown to en.json',
        ).toEqual([]);
        expect(
          Object.keys(en).filter((k) => !(k in cat)),
          'missing keys',
        ).toEqual([]);
        const untranslated = Object.keys(en).filter(
          (k) => !sameAsEnglish.has(k) && cat[k]?.trim() === en[k]?.trim(),
        );
        expect(untranslated, 'left in English').toEqual([]);
        const empty = Object.keys(cat).filter((k) => !cat[k]?.trim());
        expect(empty, 'empty').toEqual([]);
        const lost = Object.keys(en).filter(
          (k) => placeholders(en[k] ?? '').join() !== placeholders(cat[k] ?? '').join(),
        );
        expect(lost, 'placeholders changed').toEqual([]);
      });
    }
  });
}
