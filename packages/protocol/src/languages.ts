// The 12 interface languages and their own names (docs/business-rules.md "Languages and screens") and Accept-Language resolution.

export type LanguageCode =
  | 'ar'
  | 'en'
  | 'fil'
  | 'hi'
  | 'id'
  | 'ja'
  | 'ko'
  | 'ru'
  | 'th'
  | 'vi'
  | 'zh-Hans'
  | 'zh-Hant';

export interface Language {
  /** BCP 47 tag, also the value of `<html lang>`. */
  code: LanguageCode;
  /** The name in the language itself, as the language page lists it. */
  nativeName: string;
  dir: 'ltr' | 'rtl';
}

export const LANGUAGES: readonly Language[] = [
  { code: 'ar', nativeName: 'العربية', dir: 'rtl' },
  { code: 'en', nativeName: 'English', dir: 'ltr' },
  { code: 'fil', nativeName: 'Filipino', dir: 'ltr' },
  { code: 'hi', nativeName: 'हिन्दी', dir: 'ltr' },
  { code: 'id', nativeName: 'Bahasa Indonesia', dir: 'ltr' },
  { code: 'ja', nativeName: '日本語', dir: 'ltr' },
  { code: 'ko', nativeName: '한국어', dir: 'ltr' },
  { code: 'ru', nativeName: 'Русский', dir: 'ltr' },
  { code: 'th', nativeName: 'ไทย', dir: 'ltr' },
  { code: 'vi', nativeName: 'Tiếng Việt', dir: 'ltr' },
  { code: 'zh-Hans', nativeName: '简体中文', dir: 'ltr' },
  { code: 'zh-Hant', nativeName: '繁體中文', dir: 'ltr' },
];

export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.map((l) => l.code);

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export function isLanguage(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

export function languageDir(code: LanguageCode): 'ltr' | 'rtl' {
  return code === 'ar' ? 'rtl' : 'ltr';
}

/**
 * Maps one language tag (any case, `_` or `-`) to a supported language, or null.
 * Chinese needs the script: an explicit Hans/Hant wins, else the region decides
 * (TW, HK, MO write Traditional; everything else, and bare `zh`, Simplified).
 * `tl` (Tagalog) is served in Filipino, `in` is the retired code of Indonesian.
 */
export function matchLanguage(tag: string): LanguageCode | null {
  const parts = tag.trim().replace(/_/g, '-').toLowerCase().split('-').filter(Boolean);
  const [base, ...rest] = parts;
  if (!base) return null;
  switch (base) {
    case 'zh':
      if (rest.includes('hant')) return 'zh-Hant';
      if (rest.includes('hans')) return 'zh-Hans';
      return rest.some((p) => p === 'tw' || p === 'hk' || p === 'mo') ? 'zh-Hant' : 'zh-Hans';
    case 'tl':
      return 'fil';
    case 'in':
      return 'id';
    default:
      return isLanguage(base) ? base : null;
  }
}

/**
 * Picks the language for an `Accept-Language` header (or a single tag such as a stored
 * preference). Entries are tried by descending q (ties keep header order); q=0 means
 * "not this one"; `*` and anything unsupported are skipped; the fallback is English.
 */
export function resolveLanguage(header: string | null | undefined): LanguageCode {
  if (!header) return DEFAULT_LANGUAGE;
  const entries = header
    .split(',')
    .map((item, order) => {
      const [tag = '', ...params] = item.split(';');
      let q = 1;
      for (const p of params) {
        const m = /^\s*q\s*=\s*(.*?)\s*$/i.exec(p);
        // A malformed q makes the entry unusable rather than silently preferred.
        if (m) q = /^\d+(\.\d+)?$/.test(m[1] ?? '') ? Number(m[1]) : 0;
      }
      return { tag: tag.trim(), q, order };
    })
    .filter((e) => e.tag && e.tag !== '*' && e.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const e of entries) {
    const lang = matchLanguage(e.tag);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}
