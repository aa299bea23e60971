// The walk of every route in each of the 12 languages at 360 px, in one page of one browser: signed
// in as the operator when the API answers (personal pages and the console's sections included), signed
// out without it. The language is switched on the language page as a reader does (no reload); how
// the app boots in each stored language is run.ts's own check. Per language it checks `<html lang
// dir>` after the switch and no console error during the walk (a key missing from every catalogue
// logs one: src/i18n/index.ts), and per route: the navigation bar's title in the language (English
// where the catalogue lacks it, as i18next falls back), no raw i18n key in the page's text, no page
// that threw, and no horizontal overflow. The console's routes carry the same navigation bar (its
// title `page.admin` is in the app's catalogues); their body reads the console's own catalogues
// (src/i18n/locales/admin/), fetched when the language changes, and names settings by their server
// keys, so it is not searched for raw keys (a text key it lacks shows as a console error).
// An overflow is the page wider than the viewport, or a visible element whose edge runs past the
// box that clips or bounds it (its nearest ancestor that does not let content spill, else the
// viewport). What sits inside an intentionally scrollable box (overflow-x auto/scroll: tables, chip
// rows) may run past, it scrolls.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@free/protocol/languages';
import type { Browser, Page } from 'playwright-core';
import { assert, catalog, check, committed, consoleErrors, go, newPage, SHOTS, settle } from './harness.ts';
import { ROUTE_PATHS } from './routes.ts';

/** An i18n key shown as text: the prefixes of the app's keys followed by a dot and a name. */
const RAW_KEY =
  /\b(?:tab|nav|page|action|auth|wallet|list|countdown|amount|toast|tx|home|module|shop|fire|pool|aiTrade|mine|team|withdraw|recharge|contact|docs|income|kind|record|state|node|airdrop)\.[A-Za-z_]+\b/;

export const NARROW = { width: 360, height: 740 };

export type Overflow = { selector: string; text: string; by: number };

/** Runs in the page: what overflows on the current screen, outermost elements only. */
function findOverflow(): Overflow[] {
  const SLACK = 1; // sub-pixel rounding
  const vw = document.documentElement.clientWidth;
  const found: Overflow[] = [];
  const describe = (el: Element): string => {
    const parts: string[] = [];
    for (let e: Element | null = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
      const testId = e.getAttribute('data-testid');
      const classes = [...e.classList]
        .slice(0, 2)
        .map((c) => `.${c}`)
        .join('');
      parts.unshift(`${e.tagName.toLowerCase()}${testId ? `[data-testid="${testId}"]` : ''}${classes}`);
    }
    return parts.join(' > ');
  };
  const overflow = document.documentElement.scrollWidth - vw;
  if (overflow > SLACK)
    found.push({ selector: 'html', text: 'document wider than the viewport', by: overflow });
  const bound = new Map<Element, Element | null>();
  /** The box that bounds `el`: nearest ancestor not letting content spill sideways; null = viewport. */
  const boundOf = (el: Element): Element | null => {
    const cached = bound.get(el);
    if (cached !== undefined) return cached;
    let b: Element | null = null;
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.overflowX !== 'visible') {
        b = p;
        break;
      }
      // a fixed box (sheet, tab bar) is placed against the viewport
      if (s.position === 'fixed') break;
    }
    bound.set(el, b);
    return b;
  };
  const reported = new Set<Element>();
  const range = document.createRange();
  for (const el of document.body.querySelectorAll('*')) {
    if (el instanceof SVGElement && !(el instanceof SVGSVGElement)) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'contents') continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    // off screen on purpose: closed sheets and popups slid out of view, hidden inputs
    if (r.bottom <= 0 || r.top >= document.documentElement.scrollHeight || style.opacity === '0') continue;
    const b = boundOf(el);
    if (b) {
      const bs = getComputedStyle(b);
      if (bs.overflowX === 'auto' || bs.overflowX === 'scroll') continue;
    }
    const box = b ? b.getBoundingClientRect() : { left: 0, right: vw };
    const past = Math.max(r.right - box.right, box.left - r.left);
    if (past <= SLACK) {
      // text wider than its own element (a long word, a nowrap label): it spills, or is cut off
      // without an ellipsis by a box that is not meant to scroll
      const ownScroll = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (ownScroll || style.textOverflow === 'ellipsis') continue;
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        range.selectNodeContents(node);
        const t = range.getBoundingClientRect();
        const spill = Math.max(t.right - r.right, r.left - t.left);
        if (spill <= SLACK) continue;
        reported.add(el);
        const text = (node.textContent ?? '').trim().slice(0, 60);
        found.push({ selector: describe(el), text, by: Math.round(spill) });
        break;
      }
      continue;
    }
    // the outermost element only: its children run past the same edge with it
    let inside = false;
    for (let p = el.parentElement; p && p !== b; p = p.parentElement)
      if (reported.has(p)) {
        inside = true;
        break;
      }
    reported.add(el);
    if (inside) continue;
    const text = ((el as HTMLElement).innerText ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
    found.push({ selector: describe(el), text: text.slice(0, 60), by: Math.round(past) });
  }
  return found;
}

/** What overflows on the page's screen now; call it once the route has settled (its frames drawn). */
async function overflowOn(page: Page): Promise<Overflow[]> {
  // tsx names the inner functions of findOverflow with a helper the page does not have
  await page.evaluate('globalThis.__name ??= (f) => f');
  return page.evaluate(findOverflow);
}

async function switchLanguage(page: Page, code: string) {
  await page.evaluate(() => {
    window.location.hash = '#/pages/mine/language';
  });
  await settle(page);
  // signed out, a personal page opened the sign-in sheet (src/app/Guard.tsx) and it stays open: a
  // reader taps beside it to close it, its mask would take the click on the language
  const mask = page.locator('.adm-popup .adm-mask:visible').first();
  if ((await mask.count()) > 0) {
    await mask.click({ position: { x: 5, y: 5 } });
    await mask.waitFor({ state: 'hidden' });
  }
  await page.click(`[data-lang="${code}"]`);
  await page.waitForFunction((lng) => document.documentElement.lang === lng, code);
}

/** Runs in the page: what the route's visit shows besides overflow. */
function readRoute(rawKey: string) {
  // The console names settings and audited commands as the server does (`team.validMinAmount`):
  // data the pattern cannot tell from a key, so its pages are not searched; a text key it lacks
  // logs a console error (src/i18n/index.ts), which the walk checks.
  const consoleShown = document.querySelector('[data-testid="admin-console"]') !== null;
  return {
    title: document.querySelector('.nav-title')?.textContent?.trim(),
    rawKey: consoleShown ? undefined : new RegExp(rawKey).exec(document.body.innerText)?.[0],
    threw: document.querySelector('[data-testid="page-error"]') !== null,
  };
}

/**
 * The walk: `page` as it is (signed in or not), every route in every language. Per language one
 * check for each kind of problem, each problem naming its route (and for overflow element and text).
 */
export async function walkNarrow(page: Page, routes = ROUTE_PATHS) {
  await page.setViewportSize(NARROW);
  await check(`the overflow check sees a word wider than its card at ${NARROW.width}px`, async () => {
    await page.evaluate(() => {
      window.location.hash = '#/';
    });
    await committed(page);
    await page.evaluate(() => {
      const probe = document.createElement('p');
      probe.className = 'card e2e-probe';
      // twice as wide as the phone in any font the machine has (one such word once fitted 360 px)
      probe.textContent = 'Überschallgeschwindigkeitsflugzeugtriebwerkswartungsvertragsverhandlungsprotokoll';
      document.querySelector('main.content')?.append(probe);
    });
    await settle(page);
    const seen = await overflowOn(page);
    await page.evaluate(() => document.querySelector('.e2e-probe')?.remove());
    assert(
      seen.some((o) => o.selector.includes('e2e-probe')),
      `not reported: ${JSON.stringify(seen)}`,
    );
  });
  const en = catalog('en');
  const all: string[] = [];
  for (const lang of LANGUAGES) {
    const cat = catalog(lang.code);
    const consoleBefore = consoleErrors.length;
    await switchLanguage(page, lang.code);
    await check(`${lang.code}: <html lang=${lang.code} dir=${lang.dir}> after the switch`, async () => {
      const attrs = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
      assert(attrs[0] === lang.code && attrs[1] === lang.dir, `got lang=${attrs[0]} dir=${attrs[1]}`);
    });
    const untranslated: string[] = [];
    const overflows: string[] = [];
    for (const { path, titleKey } of routes) {
      await go(page, path);
      const seen = await page.evaluate(readRoute, RAW_KEY.source);
      const expected = cat[titleKey] ?? en[titleKey];
      if (seen.title !== expected) untranslated.push(`${path}: title "${seen.title}" != "${expected}"`);
      if (seen.rawKey) untranslated.push(`${path}: raw key "${seen.rawKey}"`);
      if (seen.threw) untranslated.push(`${path}: the page threw`);
      for (const o of await overflowOn(page))
        overflows.push(`${path}: ${o.selector} "${o.text}" runs ${o.by}px past its box`);
    }
    all.push(...overflows.map((p) => `${lang.code} ${p}`));
    await check(`${lang.code}: ${routes.length} routes render translated, no raw keys`, async () => {
      assert(untranslated.length === 0, untranslated.slice(0, 5).join('\n'));
    });
    await check(`${lang.code}: no console error on any route`, async () => {
      const mine = consoleErrors.slice(consoleBefore);
      assert(mine.length === 0, mine.slice(0, 5).join('\n'));
    });
    await check(
      `${lang.code}: no horizontal overflow at ${NARROW.width}px on ${routes.length} routes`,
      async () => {
        assert(overflows.length === 0, `${overflows.length} problems\n${overflows.slice(0, 12).join('\n')}`);
      },
    );
  }
  // every overflow of every language, next to the screenshots
  writeFileSync(join(SHOTS, `overflow-${NARROW.width}.txt`), all.join('\n'));
}

/** Without the API: the walk signed out in a fresh page (personal pages ask to sign in). */
export async function narrowWalkSignedOut(browser: Browser, base: string) {
  const page = await newPage(browser, base, { 'free.lang': 'en' });
  await page.goto(`${base}#/`);
  await settle(page);
  await walkNarrow(page);
  await page.context().close();
}
