// index.html's shell decides theme and language as the app does (so the first paint is already in
// the user's colours and words, and React draws the same text later), shows the home page's parts
// only on the home page, and draws the FOMO pool's figures from its own live read of the API.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatAmount, parseAmount } from '@free/protocol/amount';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialLanguage } from '../i18n';
import { resolvedTheme } from '../theme/theme';
import { SHELL_KEYS } from './keys';
import { paintFomo, paintShell, preloadCatalogue, type ShellTexts } from './paint';

const TEXTS: ShellTexts = {
  en: {
    'tab.home': 'Home',
    'home.tagline': 'Stake, burn and grow together with the FREE ecosystem.',
    'home.price': '{{symbol}} price',
    'home.fomoBalance': 'Pool balance',
  },
  ar: { 'tab.home': 'الرئيسية', 'home.tagline': 'شعار', 'home.price': 'سعر {{symbol}}' },
  'zh-Hant': { 'tab.home': '首頁', 'home.tagline': '標語' },
};

// the shell's markup as index.html has it (its body's #root)
const INDEX_HTML = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');
function shell() {
  document.head.innerHTML = '<meta name="theme-color" content="#fff7f0" />';
  const root = /<div id="root">[\s\S]*?\n {4}<\/div>\n/.exec(INDEX_HTML)?.[0] ?? '';
  document.body.innerHTML = root;
}
const html = () => document.documentElement;
const one = (selector: string) => document.querySelector(selector) as HTMLElement;
const text = (selector: string) => one(selector).textContent;
const shown = (selector: string) =>
  [...document.querySelectorAll<HTMLElement>(selector)].map((e) => !e.hidden);

describe('index.html shell', () => {
  beforeEach(() => {
    localStorage.clear();
    window.location.hash = '';
    shell();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('has the markup the script fills: a key of the shell’s texts on every text, the FOMO figures', () => {
    const keys = [...document.querySelectorAll<HTMLElement>('[data-t]')].map((e) => e.dataset.t);
    expect(new Set(keys)).toEqual(new Set(SHELL_KEYS));
    const figures = [...document.querySelectorAll<HTMLElement>('[data-fomo]')].map((e) => e.dataset.fomo);
    expect(figures).toEqual(['balance', 'participants', 'floor']);
  });

  it('applies the remembered theme and language, as the app would, and fills the home page', () => {
    localStorage.setItem('free.theme', 'dark');
    localStorage.setItem('free.lang', 'ar');
    paintShell(TEXTS);
    expect(html().dataset.theme).toBe('dark');
    expect(html().dataset.theme).toBe(resolvedTheme());
    expect(html().getAttribute('data-prefers-color-scheme')).toBe('dark');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#101114');
    expect(html().lang).toBe('ar');
    expect(html().lang).toBe(initialLanguage());
    expect(html().dir).toBe('rtl');
    expect(text('.nav-title')).toBe('الرئيسية');
    expect(text('.hero p')).toBe('شعار');
    expect([...document.querySelectorAll('[data-t="home.price"]')].map((e) => e.textContent)).toEqual([
      'سعر FREE',
      'سعر FCC',
    ]);
    // a text the language lacks comes in English, as the app's fallback does
    expect(text('[data-t="home.fomoBalance"]')).toBe('Pool balance');
    expect(shown('[data-home]').every(Boolean)).toBe(true);
    expect(shown('[data-away]').some(Boolean)).toBe(false);
  });

  it("follows the phone's language and colour scheme when nothing is remembered", () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['zh-TW', 'en'], language: 'zh-TW' });
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('dark'), addEventListener() {} }));
    paintShell(TEXTS);
    expect(html().lang).toBe('zh-Hant');
    expect(html().lang).toBe(initialLanguage());
    expect(html().dataset.theme).toBe('dark');
    expect(html().dataset.theme).toBe(resolvedTheme());
    expect(text('.hero p')).toBe('標語');
  });

  it('falls back to English texts, and shows the generic frame away from the home page', () => {
    localStorage.setItem('free.lang', 'ja');
    localStorage.setItem('free.theme', 'light');
    paintShell(TEXTS);
    expect(html().lang).toBe('ja');
    expect(html().dataset.theme).toBe('light');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#fff7f0');
    expect(text('.hero p')).toBe(TEXTS.en?.['home.tagline']);

    shell();
    window.location.hash = '#/pages/mine/mine';
    paintShell(TEXTS);
    expect(shown('[data-home]').some(Boolean)).toBe(false);
    expect(shown('[data-away]').every(Boolean)).toBe(true);
    expect(text('.nav-title')).toBe('');
    // an invite link is the home page
    shell();
    window.location.hash = '#/?inviter=0xabc';
    paintShell(TEXTS);
    expect(shown('[data-home]').every(Boolean)).toBe(true);
  });

  it('draws the sign-in card for visitors only, deciding as the session store does', () => {
    localStorage.setItem('free.session', '{"token":"t"}');
    paintShell(TEXTS);
    expect(shown('[data-visitor]')).toEqual([true]);
    shell();
    localStorage.setItem('free.session', JSON.stringify({ token: 't', user: { address: '0xabc' } }));
    paintShell(TEXTS);
    expect(shown('[data-visitor]')).toEqual([false]);
  });

  it("starts fetching the reader's catalogue named in index.html, none for English", () => {
    document.head.innerHTML =
      '<script type="application/json" id="free-catalogues">{"ar":"/assets/ar-1.js","ja":"/assets/ja-2.js"}</script>';
    const preloads = () =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) =>
        l.getAttribute('href'),
      );
    preloadCatalogue('en');
    expect(preloads()).toEqual([]);
    preloadCatalogue('ar');
    expect(preloads()).toEqual(['/assets/ar-1.js']);
  });
});

describe("the shell's FOMO figures", () => {
  beforeEach(() => {
    window.location.hash = '';
    shell();
  });
  const answer = (body: unknown, status = 200) =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));
  const FOMO = {
    balance: '1234567.891234',
    floor: '500',
    unlockTime: null,
    countdownMs: 0,
    distributing: true,
    holdReason: null,
    lastHoldDay: null,
    participants: [{ address: '0xabc', amount: '1', time: '2026-11-28T00:00:00.000Z' }],
  };
  const figures = () => [...document.querySelectorAll('.fomo-card .num')].map((e) => e.textContent);

  it('shows the answer’s figures as the app’s card writes them, in the reader’s format', async () => {
    for (const lang of ['en', 'ru', 'ar']) {
      shell();
      await paintFomo(answer({ code: 200, msg: 'ok', data: FOMO }), lang);
      const amount = (text: string) =>
        `${formatAmount(parseAmount(text) as bigint, { locale: lang, maxFraction: 4 })} FREE`;
      expect(figures()).toEqual([
        amount('1234567.891234'),
        new Intl.NumberFormat(lang).format(1),
        amount('500'),
      ]);
    }
    expect(figures()[0]).toMatch(/\d/);
  });

  it('leaves the app its own copy of the answer', async () => {
    const early = answer({ code: 200, msg: 'ok', data: FOMO });
    await paintFomo(early, 'en');
    await expect((await early).json()).resolves.toMatchObject({ data: { balance: FOMO.balance } });
  });

  it('shows no figure without a good answer: an error, an unreadable body, no network', async () => {
    await paintFomo(answer({ code: 503, msg: 'down', data: null }, 503), 'en');
    await paintFomo(Promise.resolve(new Response('<html>')), 'en');
    await paintFomo(Promise.reject(new TypeError('offline')), 'en');
    await paintFomo(answer({ code: 200, msg: 'ok', data: { ...FOMO, balance: 'NaN', floor: 5 } }), 'en');
    expect(figures()).toEqual(['—', '1', '—']);
    await paintFomo(undefined, 'en');
  });
});
