// index.html's static shell, made to look like the app before any of the app's script has run: the
// remembered (or the phone's) theme and language, and on the home page its title and hero in that
// language. Runs as an inline script right after the shell's markup (vite.config.ts builds it from
// shell/inline.ts; the CSP allows it by hash), so the first paint already shows the page's largest
// text and React later draws the same text in the same place.
import { isLanguage, type LanguageCode, languageDir, resolveLanguage } from '@free/protocol/languages';

/** Per language, the texts the shell shows (from the app's catalogues, chosen at build time). */
export type ShellTexts = Partial<Record<LanguageCode, { title: string; tagline: string }>>;

// the storage keys and theme colours the app uses (src/theme/theme.ts, src/i18n/index.ts; the test
// checks that the shell decides as the app does)
const THEME_KEY = 'free.theme';
const LANG_KEY = 'free.lang';
const THEME_COLOR = { light: '#fff7f0', dark: '#101114' } as const;

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The home route of the hash router: no hash, `#/`, or `#/` with a query (an invite link). */
export const atHome = (hash: string) =>
  hash === '' || hash === '#' || hash === '#/' || hash.startsWith('#/?');

/** Paints the shell; returns the language it chose (the app's API calls ask in it). */
export function paintShell(texts: ShellTexts): LanguageCode {
  const html = document.documentElement;
  const t = stored(THEME_KEY);
  const theme =
    t === 'light' || t === 'dark'
      ? t
      : typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
        ? 'dark'
        : 'light';
  html.dataset.theme = theme;
  html.setAttribute('data-prefers-color-scheme', theme);
  html.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[theme]);

  const l = stored(LANG_KEY);
  const lang: LanguageCode = isLanguage(l)
    ? l
    : resolveLanguage(navigator.languages?.join(',') || navigator.language);
  html.lang = lang;
  html.dir = languageDir(lang);

  // the home page's hero and banner place are in the markup from the first paint (the browser may
  // paint before this script runs): other pages hide them, the home page fills them in
  const text = texts[lang] ?? texts.en;
  const home = atHome(location.hash);
  const hero = document.getElementById('shell-hero');
  const banner = document.getElementById('shell-banner');
  if (hero) hero.hidden = !home;
  if (banner) banner.hidden = !home;
  if (!text || !home) return lang;
  const title = document.getElementById('shell-title');
  const tagline = document.getElementById('shell-tagline');
  if (title) title.textContent = text.title;
  if (tagline) tagline.textContent = text.tagline;
  return lang;
}

/**
 * Starts fetching the reader's catalogue (not English, which the app carries), which the app would
 * otherwise ask for only once its own code has run: its file is named in index.html's
 * `free-catalogues` data block (vite.config.ts).
 */
export function preloadCatalogue(lang: LanguageCode): void {
  if (lang === 'en') return;
  let href: string | undefined;
  try {
    href = JSON.parse(document.getElementById('free-catalogues')?.textContent || '{}')[lang];
  } catch {
    return;
  }
  if (!href) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.appendChild(link);
}
