// index.html's static shell, made to look like the app before any of the app's script has run: the
// remembered (or the phone's) theme and language, and on the home page its title and hero in that
// language. Runs as an inline script right after the shell's markup (vite.config.ts builds it from
// shell/inline.ts; the CSP allows it by hash), so the first paint already shows the page's largest
// text and React later draws the same text in the same place.
import { DISPLAY_FRACTION, formatAmountText } from '@free/protocol/amount-format';
import { isLanguage, type LanguageCode, languageDir, resolveLanguage } from '@free/protocol/languages';
import { parseSession, SESSION_KEY } from '../session/stored';
import type { ShellKey } from './keys';

/** Per language, the texts the shell shows (from the app's catalogues, chosen at build time). */
export type ShellTexts = Partial<Record<LanguageCode, Partial<Record<ShellKey, string>>>>;

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

/**
 * Applies the remembered (or the phone's) theme and language to the document; returns the language
 * (the app's API calls ask in it). Needs only `<html>` and the head: index.html's head script runs it
 * before any stylesheet (src/shell/inline.ts).
 */
export function applyDocument(): LanguageCode {
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
  return lang;
}

/** Paints the shell: the document's theme and language, then the page's parts in that language. */
export function paintShell(texts: ShellTexts): LanguageCode {
  const lang = applyDocument();
  paintPage(texts, lang);
  return lang;
}

/** Shows the shell's parts of this page (the home page's in the reader's words, or the generic frame). */
export function paintPage(texts: ShellTexts, lang: LanguageCode): void {
  // the home page's parts are in the markup from the first paint (the browser may paint before this
  // script runs): other pages hide them and show the generic frame, the home page fills them in
  const home = atHome(location.hash);
  for (const el of document.querySelectorAll<HTMLElement>('[data-home]')) el.hidden = !home;
  for (const el of document.querySelectorAll<HTMLElement>('[data-away]')) el.hidden = home;
  if (!home) return;
  // the sign-in card is for visitors
  if (parseSession(stored(SESSION_KEY)) !== null)
    for (const el of document.querySelectorAll<HTMLElement>('[data-visitor]')) el.hidden = true;
  const text = { ...texts.en, ...texts[lang] };
  for (const el of document.querySelectorAll<HTMLElement>('[data-t]')) {
    const key = el.dataset.t as ShellKey;
    const value = text[key];
    // `{{symbol}}`: the one interpolation the shell's texts use (home.price)
    if (value !== undefined) el.textContent = value.replace('{{symbol}}', el.dataset.symbol ?? '');
  }
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

/** The part of GET /api/common/fomo's envelope the shell draws (protocol's fomoData). */
type FomoAnswer = {
  code?: unknown;
  data?: { balance?: unknown; floor?: unknown; participants?: unknown } | null;
};

/** An amount as src/components/Amount.tsx writes it (the API's decimal text), or null. */
function amountText(value: unknown, lang: string): string | null {
  if (typeof value !== 'string') return null;
  const text = formatAmountText(value, { locale: lang, maxFraction: DISPLAY_FRACTION.FREE });
  return text === null ? null : `${text} FREE`;
}

/**
 * Draws the home page's FOMO figures (balance, participants, floor) from the shell's own read of
 * /api/common/fomo for this visit, as the app's card will (src/pages/index/Home.tsx), so the figure
 * is on screen before the app's scripts have run. Only a live answer is drawn, never a kept one:
 * until it comes, or when it fails, the card shows '—' as the app's does while loading, and the
 * countdown stays '—' until the app (which ticks it) takes over. Reads a copy of the answer: the
 * app's client takes the answer itself (src/api/early.ts).
 */
export function paintFomo(answer: Promise<Response> | undefined, lang: string): Promise<void> {
  if (!answer) return Promise.resolve();
  return answer
    .then((res) => res.clone().json() as Promise<FomoAnswer>)
    .then((body) => {
      const data = body.code === 200 ? body.data : null;
      if (!data) return;
      const participants = Array.isArray(data.participants)
        ? new Intl.NumberFormat(lang).format(data.participants.length)
        : null;
      const figures: Record<string, string | null> = {
        balance: amountText(data.balance, lang),
        floor: amountText(data.floor, lang),
        participants,
      };
      for (const el of document.querySelectorAll<HTMLElement>('[data-fomo]')) {
        const text = figures[el.dataset.fomo ?? ''];
        if (text) el.textContent = text;
      }
    })
    .catch(() => {});
}
