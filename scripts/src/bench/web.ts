// Benchmark (not a test): the web app's production build as a phone on 4G sees it. The build is
// served by `vite preview` (gzip), its API the real app holding the demo's public content
// (server/bench/web-api.ts). Measured in Debian's Chromium through playwright-core with Lighthouse's
// mobile throttling set over the DevTools protocol (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s
// up, CPU 4× slower):
// - time to real data: from navigation until the home page shows the FOMO pool's balance from the
//   API (drawn by index.html's shell from its own live read, or by the app), the median of 5 cold
//   loads (fresh profile each), and the JavaScript loaded by then (files, gzip bytes of the built
//   files); the same on a repeat visit (warm HTTP cache and service worker);
// - time to the app's page: until the app (React) has replaced the shell and shows that balance
//   itself, the page a user can work with;
// - first-paint JavaScript (gzip, per the Vite manifest, as the bundle budget counts it);
// - Lighthouse mobile, performance and accessibility (fetched by npx on first use, pinned).
// Run: node --import tsx scripts/src/bench/web.ts (BENCH_WEB_NO_LIGHTHOUSE=1: time to data only)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort, REPO_ROOT } from '@free/devchain/anvil';
import { CHROMIUM, CHROMIUM_FLAGS } from '@free/devchain/chromium';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { type Metric, writeBenchResult } from '../../../server/bench/result.ts';
import { firstPaintJs } from '../../../web/scripts/first-paint.mjs';

const LIGHTHOUSE = 'lighthouse@12.2.3';
const web = join(REPO_ROOT, 'web');
const dist = join(web, 'dist');
const COLD_RUNS = 5;
const REPEAT_RUNS = 5;
// Lighthouse's mobile throttling (its "simulated slow 4G" figures), applied for real
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

// the page's API, on a port known before the build (the build bakes VITE_API_URL in)
const apiPort = await freePort();
const port = await freePort();
const base = `http://127.0.0.1:${port}/`;
const env = { ...process.env, VITE_API_URL: `http://127.0.0.1:${apiPort}` };
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit', env });
if (build.status !== 0) process.exit(build.status ?? 1);
const { files, totalBytes } = firstPaintJs(dist);
const kib = totalBytes / 1024;
console.log(`web bench: first-paint JS ${kib.toFixed(1)} KiB gzip in ${files.length} files`);

const metrics: Metric[] = [
  { name: 'first-paint JavaScript (gzip)', value: kib, unit: 'KiB', target: { op: '<', value: 150 } },
];
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
const gzipOf = new Map<string, number>();
/** gzip bytes (level 9) of a built file, by its path under dist/ */
const gzipBytes = (path: string) => {
  let n = gzipOf.get(path);
  if (n === undefined) {
    const file = join(dist, path);
    n = existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
    gzipOf.set(path, n);
  }
  return n;
};

type Load = { ms: number; appMs: number; jsFiles: number; jsBytes: number };

/**
 * One load of the home page under throttling: the time from navigation until the FOMO card's
 * balance shows a figure (the shell's or the app's: both draw '—' until the API answers), the
 * JavaScript whose response had ended by then, and the time until the app's own card shows it (the
 * shell's figures, `data-fomo`, replaced by React's).
 */
async function loadHome(context: BrowserContext): Promise<Load> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(base, { waitUntil: 'commit' });
  // page-side code as text: this workspace compiles without the DOM's types
  const ms = await page.waitForFunction(
    `(() => {
      const text = document.querySelector('.fomo-card .stat-value .num')?.textContent ?? '';
      return /\\d/.test(text) ? performance.now() : false;
    })()`,
    undefined,
    { timeout: 60_000, polling: 'raf' },
  );
  const at = (await ms.jsonValue()) as number;
  const app = await page.waitForFunction(
    `(() => {
      const text = document.querySelector('.fomo-card .stat-value .num')?.textContent ?? '';
      return !document.querySelector('[data-fomo]') && /\\d/.test(text) ? performance.now() : false;
    })()`,
    undefined,
    { timeout: 60_000, polling: 'raf' },
  );
  const appMs = (await app.jsonValue()) as number;
  const scripts = (await page.evaluate(
    `performance
      .getEntriesByType('resource')
      .filter((e) => e.responseEnd <= ${at})
      .map((e) => new URL(e.name))
      .filter((u) => u.origin === location.origin && u.pathname.endsWith('.js'))
      .map((u) => u.pathname.slice(1))`,
  )) as string[];
  const inline = files.reduce((a, f) => a + (f.source === undefined ? 0 : f.gzipBytes), 0);
  await page.close();
  return {
    ms: at,
    appMs,
    jsFiles: scripts.length,
    jsBytes: scripts.reduce((a, p) => a + gzipBytes(p), 0) + inline,
  };
}

async function timeToData(browser: Browser) {
  const cold: Load[] = [];
  const repeat: Load[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    // bypassCSP: the page-side checks below are text, which the app's CSP (no eval) would refuse
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      bypassCSP: true,
    });
    try {
      cold.push(await loadHome(context));
      // the app's service worker installs after the first visit: the repeat visit starts once it is
      // active (its precache complete), as a phone's second visit would
      const warm = await context.newPage();
      await warm.goto(base);
      await warm.evaluate(`Promise.race([
        (async () => {
          const worker = (await navigator.serviceWorker.ready).active;
          if (worker && worker.state !== 'activated')
            await new Promise((done) => worker.addEventListener('statechange', () => worker.state === 'activated' && done()));
        })(),
        new Promise((done) => setTimeout(done, 60000)),
      ])`);
      await warm.close();
      if (i < REPEAT_RUNS) repeat.push(await loadHome(context));
    } finally {
      await context.close();
    }
    const c = cold.at(-1);
    const r = repeat.at(-1);
    console.log(
      `  load ${i + 1}: cold ${c?.ms.toFixed(0)} ms (${c?.jsFiles} JS files, ${((c?.jsBytes ?? 0) / 1024).toFixed(1)} KiB gzip; the app's page ${c?.appMs.toFixed(0)} ms)` +
        (r ? `, repeat ${r.ms.toFixed(0)} ms (the app's page ${r.appMs.toFixed(0)} ms)` : ''),
    );
  }
  return { cold, repeat };
}

class SkipLighthouse extends Error {}
let lighthouse = 'skipped';
const table: string[][] = [];
if (!existsSync(CHROMIUM)) {
  console.log(
    `  time to data and Lighthouse skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`,
  );
} else {
  const api = spawn(
    'node',
    ['--import', 'tsx', join(REPO_ROOT, 'server/bench/web-api.ts'), String(apiPort), `127.0.0.1:${port}`],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'], detached: true },
  );
  const preview = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort'], {
    cwd: web,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
    env,
  });
  const tmp = mkdtempSync(join(tmpdir(), 'free-lh-'));
  try {
    const started = (child: typeof preview, text: string, what: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${what} did not start in 90 s`)), 90_000);
        child.stdout?.on('data', (b: Buffer) => {
          if (b.toString().includes(text)) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
    await Promise.all([started(preview, String(port), 'vite preview'), started(api, 'listening', 'the API')]);

    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    let loads: Awaited<ReturnType<typeof timeToData>>;
    try {
      loads = await timeToData(browser);
    } finally {
      await browser.close();
    }
    const coldMs = loads.cold.map((l) => l.ms);
    const repeatMs = loads.repeat.map((l) => l.ms);
    const js = loads.cold.map((l) => l.jsBytes / 1024);
    const jsFiles = loads.cold.map((l) => l.jsFiles);
    metrics.push(
      {
        name: `time to real data, cold (median of ${COLD_RUNS})`,
        value: median(coldMs) / 1000,
        unit: 's',
        target: { op: '<=', value: 1.5 },
      },
      {
        name: `time to real data, repeat visit (median of ${REPEAT_RUNS})`,
        value: median(repeatMs) / 1000,
        unit: 's',
        target: { op: '<=', value: 1 },
      },
      {
        name: 'JavaScript loaded by then, cold (gzip)',
        value: median(js),
        unit: 'KiB',
        target: { op: '<=', value: 120 },
      },
      { name: 'JavaScript files loaded by then, cold', value: median(jsFiles), unit: 'files' },
      {
        name: `time to the app's page (React's own figure), cold (median of ${COLD_RUNS})`,
        value: median(loads.cold.map((l) => l.appMs)) / 1000,
        unit: 's',
      },
      {
        name: `time to the app's page, repeat visit (median of ${REPEAT_RUNS})`,
        value: median(loads.repeat.map((l) => l.appMs)) / 1000,
        unit: 's',
      },
    );
    table.push(
      ...loads.cold.map((c, i) => [
        String(i + 1),
        (c.ms / 1000).toFixed(2),
        String(c.jsFiles),
        (c.jsBytes / 1024).toFixed(1),
        loads.repeat[i] ? ((loads.repeat[i]?.ms ?? 0) / 1000).toFixed(2) : '',
        (c.appMs / 1000).toFixed(2),
        loads.repeat[i] ? ((loads.repeat[i]?.appMs ?? 0) / 1000).toFixed(2) : '',
      ]),
    );

    const out = join(tmp, 'report.json');
    if (process.env.BENCH_WEB_NO_LIGHTHOUSE) throw new SkipLighthouse();
    const lh = spawnSync(
      'npx',
      [
        '-y',
        LIGHTHOUSE,
        base,
        '--form-factor=mobile',
        '--only-categories=performance,accessibility',
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        `--chrome-flags=--headless=new ${CHROMIUM_FLAGS.join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: 'inherit' },
    );
    if (lh.status !== 0 || !existsSync(out)) throw new Error(`lighthouse exited with ${lh.status}`);
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      categories: { performance: { score: number }; accessibility: { score: number } };
      audits: Record<string, { numericValue?: number; score: number | null; title: string }>;
    };
    const score = Math.round(report.categories.performance.score * 100);
    const a11y = Math.round(report.categories.accessibility.score * 100);
    const audit = (id: string) => report.audits[id]?.numericValue ?? 0;
    const fcp = audit('first-contentful-paint') / 1000;
    const lcp = audit('largest-contentful-paint') / 1000;
    const tbt = audit('total-blocking-time');
    const cls = audit('cumulative-layout-shift');
    const failing = Object.entries(report.audits)
      .filter(([id, a]) => a.score === 0 && !['largest-contentful-paint-element'].includes(id))
      .map(([id]) => id);
    console.log(
      `  Lighthouse mobile performance ${score}, accessibility ${a11y}: FCP ${fcp.toFixed(1)} s, LCP ${lcp.toFixed(1)} s, TBT ${Math.round(tbt)} ms, CLS ${cls.toFixed(3)}`,
    );
    if (failing.length) console.log(`  Lighthouse audits failing: ${failing.join(', ')}`);
    metrics.push(
      {
        name: 'Lighthouse mobile performance',
        value: score,
        unit: 'points',
        target: { op: '>=', value: 90 },
      },
      {
        name: 'Lighthouse accessibility',
        value: a11y,
        unit: 'points',
        target: { op: '>=', value: 100 },
      },
      { name: 'first contentful paint (Lighthouse mobile)', value: fcp, unit: 's' },
      { name: 'largest contentful paint (Lighthouse mobile)', value: lcp, unit: 's' },
      { name: 'total blocking time (Lighthouse mobile)', value: tbt, unit: 'ms' },
      {
        name: 'cumulative layout shift (Lighthouse mobile)',
        value: cls,
        unit: '',
        target: { op: '<', value: 0.1 },
      },
    );
    if (process.env.BENCH_KEEP_REPORT) writeFileSync(process.env.BENCH_KEEP_REPORT, readFileSync(out));
    lighthouse = `${LIGHTHOUSE} (mobile, performance and accessibility) with ${CHROMIUM}, headless`;
  } catch (error) {
    if (!(error instanceof SkipLighthouse)) throw error;
  } finally {
    if (preview.pid) process.kill(-preview.pid);
    if (api.pid) process.kill(-api.pid);
    rmSync(tmp, { recursive: true, force: true });
  }
}

writeBenchResult({
  bench: 'web',
  title: 'Web app on a phone',
  method: `vite production build served by vite preview (gzip), its API the real app on an in-memory database with the demo's public content (server/bench/web-api.ts: banners, announcements, a funded FOMO pool, quotes). Time to real data: Chromium through playwright-core, viewport 412 × 823, DevTools throttling of 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up and CPU 4× slower; from navigation until the home page's FOMO card shows the pool balance from the API (drawn by index.html's shell from its own read for this visit, or by the app), and until the app's own card (React's, the shell replaced) shows it; ${COLD_RUNS} cold loads (a fresh profile each) and after each a repeat visit in the same profile; JavaScript = the page's own .js files whose response had ended by then, gzip level 9 of the built file, plus index.html's inline scripts. First-paint JS = the entry chunk, src/boot.tsx and their static imports (Vite manifest), gzip level 9. Lighthouse: ${lighthouse}`,
  metrics,
  table: {
    head: [
      'cold load',
      'time to data (s)',
      'JS files',
      'JS KiB gzip',
      'repeat visit (s)',
      "app's page, cold (s)",
      "app's page, repeat (s)",
    ],
    rows: table,
  },
});
