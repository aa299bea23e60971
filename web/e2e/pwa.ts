// The installable app in Debian's chromium (src/app/pwa.ts; the manifest and the Workbox service
// worker come from vite.config.ts): installable (manifest, icons, an active service worker), opens
// without a network with its offline notice, and offers a new version when the served app changes.
// Served like run.ts (the same build in a stack run); needs no API. Last line: `N passed, N failed`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, catalog, check, consoleErrors, finish, OUT, results, serveApp, settle } from './harness.ts';

async function main() {
  const app = await serveApp();
  const { base, browser } = app;
  const en = catalog('en');
  try {
    // 4b. The installable app (src/app/pwa.ts; manifest and service worker from vite.config.ts).
    {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
      await context.addInitScript(() => localStorage.setItem('free.lang', 'en'));
      const page = await context.newPage();
      page.on('pageerror', (err) => consoleErrors.push(`${page.url()}: ${err.message}`));
      await page.goto(`${base}#/`);
      await settle(page);
      await check(
        'installable: a manifest (standalone, icons 192/512 and maskable) and an active service worker',
        async () => {
          const href = await page.getAttribute('link[rel="manifest"]', 'href');
          assert(href, 'no <link rel=manifest>');
          const manifest = (await (await fetch(new URL(href, base))).json()) as {
            name?: string;
            start_url?: string;
            display?: string;
            icons?: { src: string; sizes: string; purpose?: string }[];
          };
          assert(
            manifest.name === 'FREE' && manifest.start_url === '/',
            `manifest ${JSON.stringify(manifest)}`,
          );
          assert(manifest.display === 'standalone', `display ${manifest.display}`);
          const icons = manifest.icons ?? [];
          for (const size of ['192x192', '512x512'])
            assert(
              icons.some((i) => i.sizes === size && i.purpose !== 'maskable'),
              `no ${size} icon`,
            );
          assert(
            icons.some((i) => i.purpose === 'maskable'),
            'no maskable icon',
          );
          for (const icon of icons) {
            const res = await fetch(new URL(icon.src, base));
            assert(res.ok && res.headers.get('content-type') === 'image/png', `${icon.src}: ${res.status}`);
          }
          // ready: installed and taking over; then the end of its activation
          const state = await page.evaluate(async () => {
            const worker = (await navigator.serviceWorker.ready).active;
            if (!worker) return 'none';
            if (worker.state !== 'activated')
              await new Promise((done) =>
                worker.addEventListener('statechange', () => worker.state === 'activated' && done(null)),
              );
            return worker.state;
          });
          assert(state === 'activated', `service worker ${state}`);
        },
      );
      await check(
        'offline: a reload still opens the app (shell and code from the service worker) and says it is offline',
        async () => {
          await context.setOffline(true);
          try {
            await page.reload();
            await page.waitForSelector('[data-testid="offline-notice"]', { timeout: 15_000 });
            const notice = await page.textContent('[data-testid="offline-notice"]');
            assert(notice?.trim() === en['pwa.offline'], `notice "${notice}"`);
            const title = await page.textContent('.nav-title');
            assert(title?.trim() === en['tab.home'], `title "${title}"`);
          } finally {
            await context.setOffline(false);
          }
        },
      );
      await check(
        'a new deploy is offered ("a new version is ready", reload) and reloading takes it',
        async () => {
          const sw = join(OUT, 'sw.js');
          const deployed = readFileSync(sw, 'utf8');
          try {
            // what a deploy changes: the service worker's precache list (here one byte of it)
            writeFileSync(sw, `${deployed}\n// e2e: the next deploy\n`);
            await page.reload();
            // bounds for a hung page, not speed requirements: with the server suite and the
            // rehearsal beside this one, installing the new worker and its reload took over 20 s
            await page.waitForSelector('[data-testid="update-ready"]', { timeout: 60_000 });
            const text = await page.textContent('[data-testid="update-ready"] span');
            assert(text?.trim() === en['pwa.updateReady'], `offer "${text}"`);
            await Promise.all([
              page.waitForEvent('load', { timeout: 60_000 }),
              page.click('[data-testid="update-ready"] button'),
            ]);
            await settle(page);
            assert(
              !(await page.$('[data-testid="update-ready"]')),
              'the new version is still offered after the reload',
            );
            const waiting = await page.evaluate(
              async () => !!(await navigator.serviceWorker.getRegistration())?.waiting,
            );
            assert(!waiting, 'a version is still waiting');
          } finally {
            writeFileSync(sw, deployed);
          }
        },
      );
      await context.close();
    }
    await check('no page error in the installed app', async () => {
      assert(consoleErrors.length === 0, consoleErrors.slice(0, 5).join('\n'));
    });
  } finally {
    await app.close();
  }
}

main()
  .catch((error) => {
    results.failed++;
    console.log(`  FAIL  pwa runner: ${(error as Error).stack ?? error}`);
  })
  .finally(finish);
