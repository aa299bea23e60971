// Benchmark (not a test): the web app's production build as a phone sees it. First-paint JavaScript
// (gzip, per the Vite manifest) and a Lighthouse mobile performance score of the build served by
// `vite preview`, run with Debian's Chromium, the page talking to the real API (server/bench/web-api.ts,
// an empty in-memory database): a phone's view with a backend up. Lighthouse is fetched by npx on
// first use (pinned).
// Run: node --import tsx scripts/src/bench/web.ts
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, REPO_ROOT } from '@free/devchain/anvil';
import { type Metric, writeBenchResult } from '../../../server/bench/result.ts';
import { firstPaintJs } from '../../../web/scripts/first-paint.mjs';

const LIGHTHOUSE = 'lighthouse@12.2.3';
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const web = join(REPO_ROOT, 'web');

// the page's API, on a port known before the build (the build bakes VITE_API_URL in)
const apiPort = await freePort();
const port = await freePort();
const env = { ...process.env, VITE_API_URL: `http://127.0.0.1:${apiPort}` };
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit', env });
if (build.status !== 0) process.exit(build.status ?? 1);
const { files, totalBytes } = firstPaintJs(join(web, 'dist'));
const kib = totalBytes / 1024;
console.log(`web bench: first-paint JS ${kib.toFixed(1)} KiB gzip in ${files.length} files`);

const metrics: Metric[] = [
  { name: 'first-paint JavaScript (gzip)', value: kib, unit: 'KiB', target: { op: '<', value: 160 } },
];
let lighthouse = 'skipped';
if (!existsSync(CHROME)) {
  console.log(`  Lighthouse skipped: no Chromium at ${CHROME} (apt-get install -y chromium)`);
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
        const timer = setTimeout(() => reject(new Error(`${what} did not start in 60 s`)), 60_000);
        child.stdout?.on('data', (b: Buffer) => {
          if (b.toString().includes(text)) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
    await Promise.all([started(preview, String(port), 'vite preview'), started(api, 'listening', 'the API')]);
    const out = join(tmp, 'report.json');
    const lh = spawnSync(
      'npx',
      [
        '-y',
        LIGHTHOUSE,
        `http://127.0.0.1:${port}/`,
        '--form-factor=mobile',
        '--only-categories=performance',
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync',
      ],
      { env: { ...process.env, CHROME_PATH: CHROME }, stdio: 'inherit' },
    );
    if (lh.status !== 0 || !existsSync(out)) throw new Error(`lighthouse exited with ${lh.status}`);
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      categories: { performance: { score: number } };
      audits: Record<string, { numericValue?: number }>;
    };
    const score = Math.round(report.categories.performance.score * 100);
    const audit = (id: string) => report.audits[id]?.numericValue ?? 0;
    const fcp = audit('first-contentful-paint') / 1000;
    const lcp = audit('largest-contentful-paint') / 1000;
    const tbt = audit('total-blocking-time');
    const cls = audit('cumulative-layout-shift');
    console.log(
      `  Lighthouse mobile performance ${score}: FCP ${fcp.toFixed(1)} s, LCP ${lcp.toFixed(1)} s, TBT ${Math.round(tbt)} ms, CLS ${cls.toFixed(3)}`,
    );
    metrics.push(
      {
        name: 'Lighthouse mobile performance',
        value: score,
        unit: 'points',
        target: { op: '>=', value: 90 },
      },
      { name: 'first contentful paint (Lighthouse mobile)', value: fcp, unit: 's' },
      { name: 'largest contentful paint (Lighthouse mobile)', value: lcp, unit: 's' },
      { name: 'total blocking time (Lighthouse mobile)', value: tbt, unit: 'ms' },
      { name: 'cumulative layout shift (Lighthouse mobile)', value: cls, unit: '' },
    );
    if (process.env.BENCH_KEEP_REPORT) writeFileSync(process.env.BENCH_KEEP_REPORT, readFileSync(out));
    lighthouse = `${LIGHTHOUSE} (mobile, performance only) with ${CHROME}, headless`;
  } finally {
    if (preview.pid) process.kill(-preview.pid);
    if (api.pid) process.kill(-api.pid);
    rmSync(tmp, { recursive: true, force: true });
  }
}

writeBenchResult({
  bench: 'web',
  title: 'Web app first paint',
  method: `vite production build; first-paint JS = the entry chunk and its static imports (Vite manifest), gzip level 9; the build served by vite preview, its API the real app on an empty in-memory database (server/bench/web-api.ts); Lighthouse: ${lighthouse}`,
  metrics,
  table: {
    head: ['first-paint file', 'KiB gzip'],
    rows: [...files]
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .map((f) => [f.file, (f.gzipBytes / 1024).toFixed(1)]),
  },
});
