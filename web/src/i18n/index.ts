// i18next set-up: English bundled (the fallback), other languages loaded on demand, choice remembered.
import {
  isLanguage,
  LANGUAGES,
  type LanguageCode,
  languageDir,
  resolveLanguage,
} from '@free/protocol/languages';
import { marketColors } from '@free/protocol/market';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';

const KEY = 'free.lang';
const loaders = import.meta.glob<{ default: Record<string, string> }>([
  './locales/*.json',
  '!./locales/en.json',
]);

export function storedLanguage(): LanguageCode | null {
  try {
    const v = localStorage.getItem(KEY);
    return isLanguage(v) ? v : null;
  } catch {
    return null;
  }
}

export function initialLanguage(): LanguageCode {
  return storedLanguage() ?? resolveLanguage(navigator.languages?.join(',') || navigator.language);
}

async function ensureLoaded(lang: LanguageCode) {
  // by a key of this catalogue: a lazily loaded one (the operator console's) may have added the
  // language's bundle before this catalogue arrived
  if (i18n.getResource(lang, 'translation', 'error') !== undefined) return;
  const load = loaders[`./locales/${lang}.json`];
  if (!load) return;
  const mod = await load();
  i18n.addResourceBundle(lang, 'translation', mod.default, true, true);
}

function applyDocument(lang: LanguageCode) {
  const html = document.documentElement;
  html.lang = lang;
  html.dir = languageDir(lang);
  // Market colours follow the reader (protocol decides): every figure and chart uses --up/--down.
  const colors = marketColors(lang);
  html.style.setProperty('--up', `var(--${colors.up})`);
  html.style.setProperty('--down', `var(--${colors.down})`);
}

export async function initI18n(lang: LanguageCode = initialLanguage()) {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // A key missing from every catalogue is a bug: say so where tests (and developers) look.
    saveMissing: true,
    missingKeyHandler: (_lngs, _ns, key) => console.error(`missing i18n key: ${key}`),
  });
  await setLanguage(lang, false);
  return i18n;
}

export async function setLanguage(lang: LanguageCode, remember = true) {
  await ensureLoaded(lang);
  await i18n.changeLanguage(lang);
  applyDocument(lang);
  if (remember) {
    try {
      localStorage.setItem(KEY, lang);
    } catch {
      // not remembered, still applied
    }
  }
}

export function currentLanguage(): LanguageCode {
  const l = i18n.language;
  return isLanguage(l) ? l : 'en';
}

export { i18n, LANGUAGES };

/**
 * `lang` and `dir` for content served in another language than the reader's (the server's English
 * fallback): English on an Arabic page then reads left to right and is read aloud as English.
 * Nothing when the content is in the reader's language or is made for every language (null).
 */
export function contentLangProps(
  contentLanguage: string | null | undefined,
  reader: LanguageCode = currentLanguage(),
): { lang?: string; dir?: 'ltr' | 'rtl' | 'auto' } {
  if (!contentLanguage || contentLanguage === reader) return {};
  return { lang: contentLanguage, dir: isLanguage(contentLanguage) ? languageDir(contentLanguage) : 'auto' };
}
