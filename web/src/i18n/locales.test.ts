// Fails when a locale lacks a key of en.json, has one en.json lacks, loses a placeholder, or leaves
// a text in English (except brand-only strings); for the app's catalogues and the operator console's
// (src/i18n/locales/admin/, loaded only with the console). A counted text (`{{count}}`) has one key
// per plural form of the language (`key_one`, `key_few`, …: the forms Intl.PluralRules gives it,
// which i18next picks from), so Russian and Arabic say "1 день / 2 дня / 5 дней".

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_CODES } from '@free/protocol/languages';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** The plural forms a language's counted texts need (CLDR cardinal categories, as i18next reads them). */
const formsOf = (code: string) =>
  new Intl.PluralRules(code).resolvedOptions().pluralCategories.slice().sort();
/** A catalogue's keys as en.json names them: a counted text by its base key, with the forms it has. */
function shape(cat: Record<string, string>, counted: Set<string>) {
  const plain: string[] = [];
  const forms = new Map<string, string[]>();
  for (const k of Object.keys(cat)) {
    const base = k.replace(PLURAL, '');
    if (base !== k && counted.has(base))
      forms.set(base, [...(forms.get(base) ?? []), k.slice(base.length + 1)]);
    else plain.push(k);
  }
  return { plain, forms };
}

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

  // counted texts: the keys en.json has an `_other` form of
  const counted = new Set(
    Object.keys(en)
      .filter((k) => k.endsWith('_other'))
      .map((k) => k.replace(PLURAL, '')),
  );
  const english = (k: string) => en[k] ?? en[`${k.replace(PLURAL, '')}_other`];

  describe(`${c.name} locales`, () => {
    it('has one catalogue per language, no more', () => {
      expect(
        readdirSync(c.dir)
          .filter((f) => f.endsWith('.json'))
          .map((f) => f.replace('.json', ''))
          .sort(),
      ).toEqual([...LANGUAGE_CODES].sort());
    });

    it('counts only through plural forms: no plain text takes {{count}}', () => {
      for (const code of LANGUAGE_CODES) {
        const { plain } = shape(load(code), counted);
        expect(
          plain.filter((k) => placeholders(load(code)[k] ?? '').includes('count')),
          `${code}: a count without plural forms`,
        ).toEqual([]);
      }
    });

    for (const code of LANGUAGE_CODES) {
      it(`${code} has every plural form of its language for each counted text`, () => {
        const { forms } = shape(load(code), counted);
        for (const base of counted) {
          expect((forms.get(base) ?? []).sort(), `${code}: ${base}`).toEqual(formsOf(code));
        }
      });
    }

    for (const code of LANGUAGE_CODES.filter((l) => l !== 'en')) {
      it(`${code} translates every key of en.json`, () => {
        const cat = load(code);
        const mine = shape(cat, counted);
        const theirs = shape(en, counted);
        expect(
          mine.plain.filter((k) => !(k in en)),
          'keys unknown to en.json',
        ).toEqual([]);
        expect(
          theirs.plain.filter((k) => !(k in cat)),
          'missing keys',
        ).toEqual([]);
        const untranslated = Object.keys(cat).filter(
          (k) => !sameAsEnglish.has(k.replace(PLURAL, '')) && cat[k]?.trim() === english(k)?.trim(),
        );
        expect(untranslated, 'left in English').toEqual([]);
        const empty = Object.keys(cat).filter((k) => !cat[k]?.trim());
        expect(empty, 'empty').toEqual([]);
        const lost = Object.keys(cat).filter(
          (k) => placeholders(english(k) ?? '').join() !== placeholders(cat[k] ?? '').join(),
        );
        expect(lost, 'placeholders changed').toEqual([]);
      });
    }
  });
}

describe('plural forms at run time', () => {
  const app = (code: string) =>
    JSON.parse(readFileSync(join(import.meta.dirname, 'locales', `${code}.json`), 'utf8')) as Record<
      string,
      string
    >;
  const at = async (code: string) => {
    const i = i18next.createInstance();
    await i.init({
      lng: code,
      fallbackLng: 'en',
      resources: { [code]: { translation: app(code) }, en: { translation: app('en') } },
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
    });
    return i;
  };

  it('picks the form each count needs in Russian, Arabic and English', async () => {
    const ru = await at('ru');
    const days = (n: number) => ru.t('shop.bonusQualified', { count: n });
    expect(days(1)).toContain('1 день');
    expect(days(3)).toContain('3 дня');
    expect(days(30)).toContain('30 дней');
    expect(days(21)).toContain('21 день');
    const ar = await at('ar');
    expect(ar.t('machine.days', { count: 7 })).toBe('7 أيام');
    expect(ar.t('machine.days', { count: 30 })).toBe('30 يومًا');
    const en = await at('en');
    expect(en.t('machine.days', { count: 1 })).toBe('1 day');
    expect(en.t('machine.days', { count: 30 })).toBe('30 days');
  });
});
