// No horizontal overflow on a 360 px wide phone: every route (signed-in pages and the operator
// console included when the API answers) in each of the 12 languages, in one page of one browser,
// the language switched on the language page as a reader does (no reload). A problem is the page
// wider than the viewport, or a visible element whose edge runs past the box that clips or bounds
// it (its nearest ancestor that does not let content spill, else the viewport). What sits inside an
// intentionally scrollable box (overflow-x auto/scroll: tables, chip rows) may run past, it scrolls.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@free/protocol/languages';
import type { Browser, Page } from 'playwright-core';
import { assert, check, committed, newPage, SHOTS, settle } from './harness.ts';
import { ROUTE_PATHS } from './routes.ts';

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

/**
 * The walk: `page` as it is (signed in or not), every route in every language. One check per
 * language, naming route, element and text of each problem.
 */
export async function walkNarrow(page: Page, paths = ROUTE_PATHS.map((r) => r.path)) {
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
  const all: string[] = [];
  for (const lang of LANGUAGES) {
    await switchLanguage(page, lang.code);
    const problems: string[] = [];
    for (const path of paths) {
      await page.evaluate((p) => {
        window.location.hash = `#${p}`;
      }, path);
      await settle(page);
      for (const o of await overflowOn(page))
        problems.push(`${path}: ${o.selector} "${o.text}" runs ${o.by}px past its box`);
    }
    all.push(...problems.map((p) => `${lang.code} ${p}`));
    await check(
      `${lang.code}: no horizontal overflow at ${NARROW.width}px on ${paths.length} routes`,
      async () => {
        assert(problems.length === 0, `${problems.length} problems\n${problems.slice(0, 12).join('\n')}`);
      },
    );
  }
  // every problem of every language, next to the screenshots
  writeFileSync(join(SHOTS, `overflow-${NARROW.width}.txt`), all.join('\n'));
}

/** Without the API: the public pages (personal ones ask to sign in) in a fresh page. */
export async function narrowWalkSignedOut(browser: Browser, base: string) {
  const page = await newPage(browser, base, { 'free.lang': 'en' });
  await page.goto(`${base}#/`);
  await settle(page);
  await walkNarrow(page);
  await page.context().close();
}
