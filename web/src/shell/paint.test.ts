// index.html's shell decides theme and language as the app does (so the first paint is already in
// the user's colours and words, and React draws the same text later), and shows the home hero only
// on the home page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialLanguage } from '../i18n';
import { resolvedTheme } from '../theme/theme';
import { paintShell, preloadCatalogue, type ShellTexts } from './paint';

const TEXTS: ShellTexts = {
  en: { title: 'Home', tagline: 'Stake, burn and grow together with the FREE ecosystem.' },
  ar: { title: 'الرئيسية', tagline: 'شعار' },
  'zh-Hant': { title: '首頁', tagline: '標語' },
};

function shell() {
  document.head.innerHTML = '<meta name="theme-color" content="#fff7f0" />';
  document.body.innerHTML = `<div id="root"><div class="nav-title" id="shell-title"></div>
    <div class="banner-slot" id="shell-banner"></div>
    <section class="hero" id="shell-hero"><h2>FREE</h2><p id="shell-tagline"></p></section></div>`;
}
const html = () => document.documentElement;
const el = (id: string) => document.getElementById(id) as HTMLElement;

describe('index.html shell', () => {
  beforeEach(() => {
    localStorage.clear();
    window.location.hash = '';
    shell();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('applies the remembered theme and language, as the app would, and fills the home hero', () => {
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
    expect(el('shell-title').textContent).toBe('الرئيسية');
    expect(el('shell-tagline').textContent).toBe('شعار');
    expect(el('shell-hero').hidden).toBe(false);
    expect(el('shell-banner').hidden).toBe(false);
  });

  it("follows the phone's language and colour scheme when nothing is remembered", () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['zh-TW', 'en'], language: 'zh-TW' });
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('dark'), addEventListener() {} }));
    paintShell(TEXTS);
    expect(html().lang).toBe('zh-Hant');
    expect(html().lang).toBe(initialLanguage());
    expect(html().dataset.theme).toBe('dark');
    expect(html().dataset.theme).toBe(resolvedTheme());
    expect(el('shell-tagline').textContent).toBe('標語');
  });

  it('falls back to English texts, and hides the hero and the banner place away from the home page', () => {
    localStorage.setItem('free.lang', 'ja');
    localStorage.setItem('free.theme', 'light');
    paintShell(TEXTS);
    expect(html().lang).toBe('ja');
    expect(html().dataset.theme).toBe('light');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#fff7f0');
    expect(el('shell-tagline').textContent).toBe(TEXTS.en?.tagline);

    shell();
    window.location.hash = '#/pages/mine/mine';
    paintShell(TEXTS);
    expect(el('shell-hero').hidden).toBe(true);
    expect(el('shell-banner').hidden).toBe(true);
    expect(el('shell-title').textContent).toBe('');
    // an invite link is the home page
    shell();
    window.location.hash = '#/?inviter=0xabc';
    paintShell(TEXTS);
    expect(el('shell-hero').hidden).toBe(false);
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
