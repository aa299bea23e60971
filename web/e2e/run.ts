// Browser checks in Debian's chromium: builds the app, serves it with `vite preview`, aborts every
// request that leaves this machine, checks that the app boots in each of the 12 languages from the
// stored choice, and walks every route in every language once at 360 px (e2e/overflow.ts: title
// translated, no raw key, no page error or console error, no horizontal overflow). With a reachable
// API (API_URL, default http://127.0.0.1:8787) it also signs in with the local test wallet, and the
// walk runs signed in as the operator; without it, signed out.
// Last line: `N passed, N failed`; exit code 1 on any failure.
import { join } from 'node:path';
import { LANGUAGES } from '@free/protocol/languages';
import {
  API_URL,
  assert,
  catalog,
  check,
  consoleErrors,
  failedRequests,
  finish,
  go,
  newPage,
  RPC_URL,
  results,
  SHOTS,
  serveApp,
  settle,
  stackState,
} from './harness.ts';
import { narrowWalkSignedOut, walkNarrow } from './overflow.ts';

const ANVIL_ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ANVIL_ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

async function main() {
  const stack = await stackState();
  const withApi = stack !== 'none';
  const app = await serveApp();
  const { base, browser } = app;
  console.log(
    `e2e: API ${withApi ? `at ${API_URL}` : 'not answering (sign-in scenario skipped)'}; chain ${stack === 'chain' ? `at ${RPC_URL}` : 'not used (recharge scenario skipped)'}; app at ${base}`,
  );
  try {
    const en = catalog('en');

    // 0. What a stolen script cannot do: the served app allows scripts from its own origin only and
    // refuses to be framed (docs/operations.md "Serving the web app (security headers)"; the policy is built in src/csp.ts).
    await check(
      'the app is served with its Content-Security-Policy: own scripts only, no framing',
      async () => {
        const res = await fetch(base);
        const policy = new Map(
          (res.headers.get('content-security-policy') ?? '')
            .split(';')
            .map((d) => d.trim().split(/\s+/))
            .filter((d) => d[0])
            .map(([name, ...values]) => [name, values] as const),
        );
        const scripts = policy.get('script-src') ?? [];
        assert(scripts.includes("'self'"), `script-src is "${scripts.join(' ')}"`);
        const foreign = scripts.filter((v) => v !== "'self'" && !v.startsWith("'sha256-"));
        assert(foreign.length === 0, `script-src also allows ${foreign.join(' ')}`);
        assert(policy.get('frame-ancestors')?.join(' ') === "'none'", 'frame-ancestors is not none');
        assert(res.headers.get('x-content-type-options') === 'nosniff', 'no nosniff');
      },
    );

    // 1. The app boots in every language from the stored choice: index.html's inline shell paints
    // the home page in it before the app runs, then the app takes over in the same language. A reload
    // per language (the document and every script run again; only the HTTP cache is warm) rather
    // than a new browser context each; the routes themselves are walked once, in section 7.
    {
      // the first language stored before the page's first load, each next one before a reload
      const page = await newPage(browser, base, { 'free.lang': LANGUAGES[0]?.code ?? 'en' });
      for (const [i, lang] of LANGUAGES.entries()) {
        const before = consoleErrors.length;
        if (i === 0) await page.goto(`${base}#/`);
        else {
          await page.evaluate((code) => localStorage.setItem('free.lang', code), lang.code);
          await page.reload();
        }
        await settle(page);
        await check(
          `${lang.code}: boots in its language: <html lang=${lang.code} dir=${lang.dir}>, home title, no console error`,
          async () => {
            const [htmlLang, dir, title] = await page.evaluate(() => [
              document.documentElement.lang,
              document.documentElement.dir,
              document.querySelector('.nav-title')?.textContent?.trim(),
            ]);
            const problems: string[] = [];
            if (htmlLang !== lang.code || dir !== lang.dir) problems.push(`got lang=${htmlLang} dir=${dir}`);
            const expected = catalog(lang.code)['tab.home'] ?? en['tab.home'];
            if (title !== expected) problems.push(`home title "${title}" != "${expected}"`);
            problems.push(...consoleErrors.slice(before, before + 5));
            assert(problems.length === 0, problems.join('\n'));
          },
        );
      }
      await page.context().close();
    }

    // 2. Tab bar, tab index in sessionStorage, back button.
    {
      const page = await newPage(browser, base, { 'free.lang': 'en' });
      await page.goto(`${base}#/`);
      await settle(page);
      await check('tab bar: each tab opens its page and remembers its index', async () => {
        const expected = [
          '/',
          '/pages/shop/shop',
          '/pages/fire/fire',
          '/pages/chainPool/chainPool',
          '/pages/mine/mine',
        ];
        const buttons = page.locator('.tab-bar > button');
        assert((await buttons.count()) === 5, 'five tab slots');
        for (let i = 4; i >= 0; i--) {
          await buttons.nth(i).click();
          await settle(page);
          const hash = await page.evaluate(() => window.location.hash.replace(/^#/, ''));
          assert(hash === expected[i], `tab ${i} went to ${hash}`);
          const idx = await page.evaluate(() => sessionStorage.getItem('free.tabIndex'));
          assert(idx === String(i), `tab index ${idx} after tab ${i}`);
        }
        const ignite = page.locator('.tab-ignite');
        assert((await ignite.innerText()).trim() === '', 'Ignite has no label');
      });
      await check('navigation bar: back returns to the previous page', async () => {
        await go(page, '/pages/mine/mine');
        await go(page, '/pages/mine/contact');
        await page.click('.nav-back');
        await settle(page);
        const hash = await page.evaluate(() => window.location.hash);
        assert(hash === '#/pages/mine/mine', `back went to ${hash}`);
      });
      await check('query after the hash reaches the page (docs?type=roadmap)', async () => {
        await go(page, '/pages/index/docs?type=roadmap');
        const active = await page.textContent('.chip.is-active');
        assert(active?.trim() === en['docs.roadmap'], `active chip "${active}"`);
      });
      await page.context().close();
    }

    // 3. Language switch (remembered), RTL for Arabic.
    {
      const page = await newPage(browser, base, { 'free.lang': 'en' });
      await page.goto(`${base}#/pages/mine/mine`);
      await settle(page);
      await check(
        'language page lists 12 languages by their own names, and switching is remembered',
        async () => {
          await go(page, '/pages/mine/language');
          const names = await page.locator('[data-lang]').allInnerTexts();
          assert(names.length === 12, `${names.length} languages`);
          for (const l of LANGUAGES)
            assert(
              names.some((n) => n.trim() === l.nativeName),
              `missing ${l.nativeName}`,
            );
          await page.click('[data-lang="ar"]');
          await page.waitForFunction(() => document.documentElement.lang === 'ar');
          await page.waitForFunction(() => window.location.hash === '#/pages/mine/mine');
          await page.reload();
          await settle(page);
          const attrs = await page.evaluate(() => [
            document.documentElement.lang,
            document.documentElement.dir,
          ]);
          assert(attrs[0] === 'ar' && attrs[1] === 'rtl', `after reload lang=${attrs[0]} dir=${attrs[1]}`);
          const title = await page.textContent('.nav-title');
          assert(title?.trim() === catalog('ar')['tab.profile'], `title ${title}`);
        },
      );
      await check('RTL: tab bar runs right to left, addresses and numbers stay LTR', async () => {
        await go(page, '/');
        const [first, last] = await page.evaluate(() => {
          const b = [...document.querySelectorAll('.tab-bar > button')].map(
            (e) => e.getBoundingClientRect().x,
          );
          return [b[0] ?? 0, b[4] ?? 0];
        });
        assert(first > last, 'home tab should sit on the right in RTL');
      });
      await page.screenshot({ path: join(SHOTS, 'ar-home.png') });
      await go(page, '/pages/mine/mine');
      await page.screenshot({ path: join(SHOTS, 'ar-profile.png') });
      await go(page, '/pages/shop/shop');
      await page.screenshot({ path: join(SHOTS, 'ar-shop.png') });
      await page.context().close();
    }

    // 4. Dark theme: chosen on the profile page, kept after reload.
    {
      const page = await newPage(browser, base, { 'free.lang': 'en', 'free.theme': 'light' });
      await page.goto(`${base}#/pages/mine/mine`);
      await settle(page);
      await check('dark theme is chosen on the profile page and persists after reload', async () => {
        await page.click('[data-testid="theme-switch"]');
        await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
        await page.reload();
        await settle(page);
        const theme = await page.evaluate(() => document.documentElement.dataset.theme);
        assert(theme === 'dark', `theme after reload: ${theme}`);
        const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        assert(bg === 'rgb(14, 15, 18)', `dark background, got ${bg}`);
      });
      await page.screenshot({ path: join(SHOTS, 'dark-profile.png') });
      await go(page, '/');
      await page.screenshot({ path: join(SHOTS, 'dark-home.png') });
      await go(page, '/pages/mine/language');
      await page.screenshot({ path: join(SHOTS, 'dark-language.png') });
      await page.context().close();
    }

    // 5. With the API: WalletConnect fails fast with a message; sign-in with the local test wallet.
    if (withApi) {
      const page = await newPage(browser, base, { 'free.lang': 'en' });
      await page.goto(`${base}#/pages/mine/mine`);
      await settle(page);
      await check(
        'WalletConnect with its cloud unreachable: a clear message within a few seconds',
        async () => {
          await page.click('.profile-card button');
          await page.waitForSelector('[data-testid="walletconnect"]', { timeout: 10_000 });
          const started = Date.now();
          await page.click('[data-testid="walletconnect"]');
          const alert = await page.waitForSelector('.wallet-sheet .notice.danger', { timeout: 8000 });
          const text = (await alert.innerText()).trim();
          assert(text === en['wallet.wcUnreachable'], `message "${text}"`);
          console.log(`        (message after ${Date.now() - started} ms)`);
        },
      );
      await check('sign-in with the local test wallet: profile shows the address', async () => {
        await page.click('[data-testid="local-wallet"]');
        await page.waitForSelector('[data-testid="profile-address"]', { timeout: 20_000 });
        const shown = await page.textContent('[data-testid="profile-address"] .address');
        const short = `${ANVIL_ACCOUNT_1.slice(0, 6)}…${ANVIL_ACCOUNT_1.slice(-4)}`;
        assert(shown?.trim() === short, `address shown "${shown}"`);
        const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('free.session') ?? 'null'));
        assert(
          typeof stored?.token === 'string' &&
            stored.user.address.toLowerCase() === ANVIL_ACCOUNT_1.toLowerCase(),
          'session stored',
        );
      });
      await check('signed in: the session survives a reload and personal pages open', async () => {
        await page.reload();
        await go(page, '/pages/mine/team');
        const text = await page.evaluate(() => document.body.innerText);
        assert(!text.includes(en['auth.signInToView'] ?? '?'), 'team page still asks to sign in');
      });
      await page.screenshot({ path: join(SHOTS, 'en-profile-signed-in.png') });
      await check('signed in: the home page opens', async () => {
        await go(page, '/');
        await page.screenshot({ path: join(SHOTS, 'en-home.png') });
      });
      if (stack === 'chain') {
        await check(
          'recharge: order signed by the API, USDT approved and paid on chain with the local wallet',
          async () => {
            await go(page, '/pages/mine/recharge');
            const paidRecords = () =>
              page.$$eval('[data-testid="recharge-record"] .badge.is-success', (els) => els.length);
            const paidBefore = await paidRecords();
            await page.fill('.amount-input input', '12.5');
            const created = page.waitForResponse((r) => r.url().includes('/api/user/recharge/create'), {
              timeout: 30_000,
            });
            const started = Date.now();
            await page.click('[data-testid="recharge-create"]');
            await created.catch(() => null);
            console.log(`        (order created in ${Date.now() - started} ms)`);
            await page.waitForSelector('.tx-button button', { timeout: 10_000 }).catch(async () => {
              const toast = await page.$eval('.adm-toast-main', (e) => e.textContent).catch(() => null);
              throw new Error(
                `no order to pay (toast: ${toast}; failed: ${failedRequests.slice(-3).join(' | ')})`,
              );
            });
            await page.click('.tx-button button');
            // Credited once the indexer has seen Paid: the page leaves its waiting state and the
            // record list shows one more paid recharge (the success toast only shows for 2 s).
            await page.waitForFunction(
              (before) =>
                !document.querySelector('.tx-button') &&
                !document.querySelector('[data-testid="recharge-waiting"]') &&
                document.querySelectorAll('[data-testid="recharge-record"] .badge.is-success').length >
                  before,
              paidBefore,
              { timeout: 90_000 },
            );
          },
        );
        await page.screenshot({ path: join(SHOTS, 'en-recharge-paid.png') });
      }
      await page.context().close();
    }
    // 6. The operator console: anvil account 0 signs in with the local test wallet, funds
    // the FOMO pool above its floor and grants an airdrop; then the user's pages show both.
    if (withApi) {
      const op = await newPage(browser, base, { 'free.lang': 'en', 'free.localWallet.index': '0' });
      await op.goto(`${base}#/pages/mine/mine`);
      await settle(op);
      await check('console: anvil account 0 signs in and opens #/admin as admin', async () => {
        await op.click('.profile-card button');
        await op.click('[data-testid="local-wallet"]', { timeout: 10_000 });
        await op.waitForSelector('[data-testid="profile-address"]', { timeout: 20_000 });
        await go(op, '/admin/money');
        await op.waitForSelector('[data-testid="admin-console"]', { timeout: 10_000 });
        const role = await op.textContent('[data-testid="admin-role"]');
        assert(role?.toLowerCase().includes(ANVIL_ACCOUNT_0.toLowerCase()) === true, `role line "${role}"`);
        assert(role?.includes('Admin') === true, `role line "${role}"`);
      });
      await check('console: the FOMO module is switched on under Product', async () => {
        await go(op, '/admin/product');
        const box = op.locator('[data-testid="modules"] input[data-module="fomo"]');
        await box.waitFor({ timeout: 10_000 });
        await op.waitForFunction(
          () =>
            !document.querySelector<HTMLInputElement>('[data-testid="modules"] input[data-module="fomo"]')
              ?.disabled,
        );
        // controlled by the server's answer: it turns checked once the switch is saved and read back
        if (!(await box.isChecked())) await box.click();
        await op.waitForFunction(
          () =>
            document.querySelector<HTMLInputElement>('[data-testid="modules"] input[data-module="fomo"]')
              ?.checked,
          undefined,
          { timeout: 10_000 },
        );
      });
      await check('console: funding the FOMO pool lifts it above its floor', async () => {
        await go(op, '/admin/money');
        await op.fill('[data-testid="fund-fomo"] input', '600');
        await op.click('[data-testid="fund-fomo-submit"]');
        await op.waitForSelector('[data-testid="fund-fomo"] .admin-saved', { timeout: 15_000 });
        await go(op, '/admin/dashboard');
        await op.waitForSelector('[data-testid="fomo-state"]', { timeout: 15_000 });
        const state = await op.textContent('[data-testid="fomo-state"]');
        assert(state?.startsWith('Above the floor') === true, `pool state "${state}"`);
      });
      await check('console: an airdrop is granted to a test user', async () => {
        await go(op, '/admin/money');
        await op.fill('[data-testid="grant-one"] input[name="address"]', ANVIL_ACCOUNT_1);
        await op.fill('[data-testid="grant-one"] .amount-input input', '1000');
        await op.fill('[data-testid="grant-one"] input[name="releaseDays"]', '30');
        await op.click('[data-testid="grant-submit"]');
        await op
          .waitForSelector('[data-testid="grant-one"] .admin-saved', { timeout: 15_000 })
          .catch(async () => {
            const problem = await op.textContent('[data-testid="grant-one"]');
            throw new Error(`grant not saved: ${problem}`);
          });
      });
      await op.screenshot({ path: join(SHOTS, 'en-admin-money.png'), fullPage: true });
      // 7. Every route, the console's included, in 12 languages at 360 px, signed in as the operator
      // (the pool funded and the airdrop granted above): translated, no raw key, no page or console
      // error, no horizontal overflow (e2e/overflow.ts)
      await walkNarrow(op);
      await op.context().close();

      const user = await newPage(browser, base, { 'free.lang': 'en' });
      await user.goto(`${base}#/pages/mine/mine`);
      await settle(user);
      await check('console: a normal user is refused at #/admin', async () => {
        await user.click('.profile-card button');
        await user.click('[data-testid="local-wallet"]', { timeout: 10_000 });
        await user.waitForSelector('[data-testid="profile-address"]', { timeout: 20_000 });
        await go(user, '/admin');
        await user.waitForSelector('[data-testid="admin-refused"]', { timeout: 10_000 });
      });
      await check("console: the user's pages show the funded pool and the airdrop", async () => {
        await go(user, '/pages/fire/fire');
        await user.waitForSelector('[data-testid="fomo-card"]', { timeout: 15_000 });
        const pool = await user.textContent('[data-testid="fomo-card"]');
        assert(pool?.includes('600') === true, `FOMO card "${pool}"`);
        await go(user, '/pages/mine/airdropData');
        await user.waitForSelector('[data-testid="airdrop-card"]', { timeout: 15_000 });
        const airdrop = await user.textContent('[data-testid="airdrop-card"]');
        assert(airdrop?.includes('1,000') === true, `airdrop card "${airdrop}"`);
      });
      await user.screenshot({ path: join(SHOTS, 'en-airdrop-granted.png') });
      await user.context().close();
    }
    // 7. Without the API: the same walk signed out, on the pages a visitor sees.
    if (!withApi) await narrowWalkSignedOut(browser, base);
  } finally {
    await app.close();
  }
}

main()
  .catch((error) => {
    results.failed++;
    console.log(`  FAIL  e2e runner: ${(error as Error).stack ?? error}`);
  })
  .finally(finish);
