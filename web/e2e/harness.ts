// What the browser checks share: the build served by `vite preview`, Debian's chromium, pages that
// abort every request leaving this machine, waiting for a route to settle, and the pass/fail count.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePortOr, portFree } from '@free/devchain/anvil';
import { CHROMIUM, CHROMIUM_FLAGS } from '@free/devchain/chromium';
import { until } from '@free/devchain/wait';
import { type Browser, chromium, type Page } from 'playwright-core';

export const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT = join(WEB, 'test-results', 'dist');
export const SHOTS = join(WEB, 'test-results', 'screenshots');
export const API_URL = (process.env.API_URL ?? 'http://127.0.0.1:8787').replace(/\/+$/, '');
export const RPC_URL = process.env.VITE_RPC_URL ?? 'http://127.0.0.1:8545';
/** Names the build of one stack run (with-stack.ts): a later script of the run serves it again. */
const BUILD_ID = process.env.E2E_BUILD_ID;
const BUILD_STAMP = join(OUT, '.e2e-build-id');

export type Catalog = Record<string, string>;
export const catalog = (code: string): Catalog =>
  JSON.parse(readFileSync(join(WEB, 'src', 'i18n', 'locales', `${code}.json`), 'utf8')) as Catalog;

export const results = { passed: 0, failed: 0 };
let lastLine = Date.now();
export async function check(name: string, fn: () => Promise<void>): Promise<boolean> {
  // the wall time since the previous line (the check and the page visits it reads): where the browser
  // suite's minutes go
  const took = () => {
    const now = Date.now();
    const text = `(+${((now - lastLine) / 1000).toFixed(1)}s)`;
    lastLine = now;
    return text;
  };
  try {
    await fn();
    results.passed++;
    console.log(`  ok    ${name} ${took()}`);
    return true;
  } catch (error) {
    results.failed++;
    console.log(
      `  FAIL  ${name} ${took()}\n        ${(error as Error).message.split('\n').join('\n        ')}`,
    );
    return false;
  }
}
export function assert(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(message);
}

/** Prints the closing lines (`N passed, N failed` last) and exits 1 on any failure. */
export function finish(): never {
  console.log(`screenshots in ${SHOTS}`);
  console.log(`${results.passed} passed, ${results.failed} failed`);
  process.exit(results.failed === 0 ? 0 : 1);
}

/** 'none' (API down), 'api' (API up), or 'chain' (API up with deployed contracts and a live RPC). */
export async function stackState(): Promise<'none' | 'api' | 'chain'> {
  try {
    const res = await fetch(`${API_URL}/api/common/config`, {
      headers: { platform: 'h5' },
      signal: AbortSignal.timeout(3000),
    });
    const body = (await res.json()) as { code?: number; data?: { contracts?: unknown } };
    if (body.code !== 200) return 'none';
    if (!body.data?.contracts) return 'api';
    const rpc = await fetch(RPC_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(3000),
    });
    return rpc.ok ? 'chain' : 'api';
  } catch {
    return 'none';
  }
}

export type ServedApp = { base: string; browser: Browser; close: () => Promise<void> };

/**
 * Builds the app against API_URL (unless this stack run's build is already there), serves it with
 * `vite preview` on E2E_PORT (or a free port) and launches chromium.
 */
export async function serveApp(): Promise<ServedApp> {
  const preferred = Number(process.env.E2E_PORT ?? 5173);
  // a port given by with-stack.ts is the one the API accepts sign-in for: wait for the previous
  // script's preview to let it go rather than move
  for (let i = 0; process.env.E2E_PORT && i < 50 && !(await portFree(preferred)); i++)
    await new Promise((r) => setTimeout(r, 200));
  const port = await freePortOr(preferred);
  const base = `http://127.0.0.1:${port}/`;
  const reuse =
    BUILD_ID !== undefined && existsSync(BUILD_STAMP) && readFileSync(BUILD_STAMP, 'utf8') === BUILD_ID;
  if (!reuse) {
    rmSync(BUILD_STAMP, { force: true });
    const build = spawnSync(
      'npx',
      ['vite', 'build', '--outDir', OUT, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: WEB,
        stdio: 'inherit',
        env: {
          ...process.env,
          VITE_API_URL: API_URL,
          VITE_REOWN_PROJECT_ID: process.env.VITE_REOWN_PROJECT_ID ?? 'e2e-project-id',
        },
      },
    );
    if (build.status !== 0) throw new Error('vite build failed');
    if (BUILD_ID !== undefined) writeFileSync(BUILD_STAMP, BUILD_ID);
  }
  const preview: ChildProcess = spawn(
    'npx',
    ['vite', 'preview', '--outDir', OUT, '--port', String(port), '--strictPort'],
    {
      cwd: WEB,
      stdio: 'ignore',
      detached: true,
      // the preview's Content-Security-Policy names the API the build calls
      env: { ...process.env, VITE_API_URL: API_URL },
    },
  );
  const stopPreview = () => {
    if (!preview.pid) return;
    try {
      process.kill(-preview.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  try {
    await until(
      `${base} to answer`,
      () => fetch(base, { signal: AbortSignal.timeout(1000) }).then(() => true),
      20_000,
      200,
    );
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
    });
    mkdirSync(SHOTS, { recursive: true });
    return {
      base,
      browser,
      close: async () => {
        await browser.close();
        stopPreview();
      },
    };
  } catch (error) {
    stopPreview();
    throw error;
  }
}

export const consoleErrors: string[] = [];
export const failedRequests: string[] = [];
export async function newPage(browser: Browser, base: string, init?: Record<string, string>): Promise<Page> {
  // without the service worker (src/app/pwa.ts): every check sees the network as the page asks it;
  // the installed app has its own check in run.ts
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const local = new Set([new URL(base).host, new URL(API_URL).host, new URL(RPC_URL).host]);
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.protocol === 'blob:' || local.has(url.host)) return route.continue();
    return route.abort('blockedbyclient');
  });
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const where = msg.location().url ?? '';
    // A refused request to the API or the chain (when they are not running) is not an app error.
    if (/Failed to load resource/.test(msg.text()) && !where.startsWith(base)) return;
    consoleErrors.push(`${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => consoleErrors.push(`${page.url()}: ${err.message}`));
  page.on('requestfailed', (req) =>
    failedRequests.push(`${req.method()} ${req.url()}: ${req.failure()?.errorText}`),
  );
  if (init) {
    await page.addInitScript((entries: Record<string, string>) => {
      if (sessionStorage.getItem('e2e.init')) return;
      sessionStorage.setItem('e2e.init', '1');
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    }, init);
  }
  return page;
}

/** Waits until the current route's page is committed (router transitions keep the old page
 * on screen while a lazy page loads), nothing shows a loading skeleton, and two frames have been
 * drawn since (the effects of that render have run and their layout is on screen). */
export async function settle(page: Page) {
  await committed(page);
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );
}

/** settle() without its pause: the route's page is in and nothing is loading. */
export async function committed(page: Page) {
  await page.waitForFunction(
    () => {
      const path = window.location.hash.replace(/^#/, '').split('?')[0] || '/';
      const main = document.querySelector('main.content');
      const route = main?.getAttribute('data-route');
      const current = route === path || (path === '/pages/index/index' && route === '/');
      return !!main && current && main.children.length > 0 && !document.querySelector('[aria-busy="true"]');
    },
    undefined,
    // a lazy page and its first reads, on a machine busy with other suites beside the browser
    { timeout: 30_000 },
  );
}

export async function go(page: Page, path: string) {
  await page.evaluate((p) => {
    window.location.hash = `#${p}`;
  }, path);
  try {
    await settle(page);
  } catch (error) {
    const html = await page.evaluate(() => document.querySelector('main.content')?.outerHTML.slice(0, 400));
    throw new Error(`${path} did not settle: ${(error as Error).message.split('\n')[0]}\n${html}`);
  }
}
