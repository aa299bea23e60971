// The console's own texts: one catalogue per language in src/i18n/locales/admin/<lang>.json, loaded
// with the console chunk (never on a user's first paint) and merged into i18next: English at once
// (every language falls back to it), the reader's language when the console opens or the language
// changes.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import en from '../../i18n/locales/admin/en.json';

type Catalogue = Record<string, string>;

export const CONSOLE_TEXTS_EN: Catalogue = en;

const loaders = import.meta.glob<{ default: Catalogue }>([
  '../../i18n/locales/admin/*.json',
  '!../../i18n/locales/admin/en.json',
]);
const loaderOf = (lng: string) => loaders[`../../i18n/locales/admin/${lng}.json`];
/** languages whose catalogue could not be fetched: they read the English texts */
const failed = new Set<string>();

/** Whether `lng` holds the console's texts itself (not through the English fallback). */
const has = (lng: string) => i18n.getResource(lng, 'translation', 'admin.loading') !== undefined;

function addEnglish() {
  if (!has('en')) i18n.addResourceBundle('en', 'translation', en, true, false);
}

/** Adds the console's texts of `lng` to i18next (once); a language without a catalogue reads English. */
export async function loadConsoleTexts(lng: string): Promise<void> {
  addEnglish();
  const load = loaderOf(lng);
  if (has(lng) || !load) return;
  const mod = await load();
  i18n.addResourceBundle(lng, 'translation', mod.default, true, false);
}

/** The console's texts of the current language: false until they are in (English is in at once). */
export function useConsoleTexts(): boolean {
  const { i18n: current } = useTranslation();
  const lng = current.language;
  addEnglish();
  const [, rerender] = useState(0);
  const ready = has(lng) || !loaderOf(lng) || failed.has(lng);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadConsoleTexts(lng)
      .catch(() => failed.add(lng))
      .finally(() => {
        if (live) rerender((n) => n + 1);
      });
    return () => {
      live = false;
    };
  }, [lng, ready]);
  return ready;
}
