// What the browser scripts that drive a signed-in user share (journey.ts, stream.ts): the API asked
// as the page's own user (signed calls on the server's clock), signing in on the page with the local
// test wallet, and amounts read off the page as the app formats them.
import { until } from '@free/devchain/wait';
import { formatAmount, isAmountError, parseAmount, type Wei } from '@free/protocol/amount';
import { DISPLAY_FRACTION } from '@free/protocol/constants';
import { signatureHeaders } from '@free/protocol/signing';
import type { Page } from 'playwright-core';
import { API_URL, assert, go } from './harness.ts';

export const MNEMONIC = 'test test test test test test test test test test test junk';
export const CLIENT_SECRET = process.env.FREE_CLIENT_SECRET ?? 'free-local-dev-secret';

// ---- amounts as the app shows them ----
export type Token = keyof typeof DISPLAY_FRACTION;
export const wei = (text: string): Wei => {
  const negative = text.startsWith('-');
  const v = parseAmount(negative ? text.slice(1) : text);
  if (isAmountError(v)) throw new Error(`not an amount: ${text}`);
  return negative ? -v : v;
};
/** What <Amount token> renders in English: protocol formatting (rounded down) and the token. */
export const shown = (value: Wei | string, token: Token) =>
  `${formatAmount(typeof value === 'bigint' ? value : wei(value), { locale: 'en', maxFraction: DISPLAY_FRACTION[token] })} ${token}`;

// ---- the API, as the page's user and as the operator ----
type Envelope<T> = { code: number; msg?: string; data: T };
/** The server's clock less this machine's: signed requests carry the server's time, as the app's do. */
let serverOffsetMs = 0;
/** After the server's clock moved (POST /api/dev/advance answers its new time). */
export function setServerTime(serverTime: string) {
  serverOffsetMs = Date.parse(serverTime) - Date.now();
}
export async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  opts: { token?: string | null; body?: unknown; query?: Record<string, string> } = {},
): Promise<T> {
  const url = new URL(API_URL + path);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { platform: 'h5', 'accept-language': 'en' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) {
    headers.authorization = `Bearer ${opts.token}`;
    Object.assign(headers, signatureHeaders(CLIENT_SECRET, opts.token, Date.now() + serverOffsetMs));
  }
  const res = await fetch(url, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const body = (await res.json()) as Envelope<T>;
  if (body.code !== 200) throw new Error(`${method} ${path}: ${body.code} ${body.msg ?? res.status}`);
  return body.data;
}

/** The page's own session token: the API is asked as the user the page shows. */
export async function tokenOf(page: Page): Promise<string> {
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('free.session') ?? 'null'));
  assert(typeof stored?.token === 'string', 'the page has no session');
  return stored.token as string;
}
export const asUser = async <T>(page: Page, path: string, query?: Record<string, string>) =>
  call<T>('GET', path, { token: await tokenOf(page), query });

// ---- the page ----
/** The value of the `.stat` labelled `label` inside `scope`, as the reader sees it. */
export async function statValue(page: Page, label: string, scope = 'main.content'): Promise<string> {
  const stat = page
    .locator(`${scope} .stat`)
    .filter({ has: page.locator('.stat-label', { hasText: label }) });
  return ((await stat.first().locator('.stat-value').innerText()) ?? '').replace(/\s+/g, ' ').trim();
}
/** Waits until the page shows `expected` (the page refreshes on its own: queries, polling). */
export async function shows(what: string, read: () => Promise<string>, expected: string, ms = 20_000) {
  let seen = '';
  await until(
    `${what} to show "${expected}"`,
    async () => {
      seen = await read();
      return seen.includes(expected);
    },
    ms,
  ).catch(() => {
    throw new Error(`${what}: the page shows "${seen}", the API says "${expected}"`);
  });
}

/** Signs in with the local test wallet from the sign-in sheet (opening it from the profile card). */
export async function signInOnPage(page: Page) {
  const local = page.locator('[data-testid="local-wallet"]');
  if (!(await local.isVisible())) {
    await go(page, '/pages/mine/mine');
    await page.click('.profile-card button');
  }
  const before = await page.evaluate(() => localStorage.getItem('free.session'));
  await local.click({ timeout: 10_000 });
  await page.waitForFunction(
    (old) => {
      const now = localStorage.getItem('free.session');
      return now !== null && now !== old;
    },
    before,
    { timeout: 20_000 },
  );
  await go(page, '/pages/mine/mine');
  await page.waitForSelector('[data-testid="profile-address"]', { timeout: 20_000 });
}
