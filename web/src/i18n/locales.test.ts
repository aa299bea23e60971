// Fails when a locale lacks a key of en.json, has one en.json lacks, loses a placeholder, or leaves
// a text in English (except brand-only strings).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_CODES } from '@free/protocol/languages';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, 'locales');
const load = (code: string) =>
  JSON.parse(readFileSync(join(dir, `${code}.json`), 'utf8')) as Record<string, string>;
const en = load('en');
/** Keys whose English text is a brand or product name, the same in every language. */
const SAME_AS_ENGLISH = new Set(['contact.telegram', 'contact.twitter']);
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('has one catalogue per language, no more', () => {
    expect(
      readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.replace('.json', ''))
        .sort(),
    ).toEqual([...LANGUAGE_CODES].sort());
  });

  for (const code of LANGUAGE_CODES.filter((c) => c !== 'en')) {
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
        (k) => !SAME_AS_ENGLISH.has(k) && cat[k]?.trim() === en[k]?.trim(),
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
