// The money journey of one user, in the browser, on the throw-away stack of with-stack.ts: sign in →
// recharge → stake on chain (twice) → stake with the balance → dev:advance past maturity → unstake
// and redeem → renew the other on-chain stake → earnings → withdraw, paid on chain → buy in the
// shop → contribute to the chain pool → a day settled: the pool income in the Profile's pool balance
// → the day's proof of liabilities verified in the browser against the chain.
// Each step drives the real UI and compares what the page shows with the API and the chain (amounts
// in the app's own formatting, @free/protocol/amount). Every step leaves two screenshots (English
// light and Arabic dark, switched through the app's persisted preferences and a reload) in
// test-results/screenshots/journey. The operator's part (modules, FOMO pool, a shop product, a
// presale grant) goes through the admin API as anvil account 0, as the console would.
// Needs the API with DEV_CLOCK=1 (with-stack.ts). Last line: `N passed, N failed`.

import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { until } from '@free/devchain/wait';
import { paymentAbi, stakingAbi } from '@free/protocol/abi/index';
import { parseHex } from '@free/protocol/address';
import { formatAmount } from '@free/protocol/amount';
import type { LiabilitiesProofData } from '@free/protocol/api/liabilities';
import { SIWE_NONCE_TTL_MS } from '@free/protocol/constants';
import { rechargeSplit } from '@free/protocol/recharge';
import type { Page } from 'playwright-core';
import { type Address, createPublicClient, erc20Abi, http, parseEventLogs } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { asUser, call, MNEMONIC, setServerTime, shown, shows, signInOnPage, statValue, wei } from './api.ts';
import {
  API_URL,
  assert,
  type Catalog,
  catalog,
  check,
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

/** The journey's user: anvil account 2 (run.ts uses account 1, the console account 0). */
const USER_INDEX = 2;
const USER = mnemonicToAccount(MNEMONIC, { addressIndex: USER_INDEX });
const OPERATOR = mnemonicToAccount(MNEMONIC, { addressIndex: 0 });
const JOURNEY_SHOTS = join(SHOTS, 'journey');
const DAY_S = 86_400;
const en: Catalog = catalog('en');
const t = (key: string) => {
  const text = en[key];
  if (text === undefined) throw new Error(`no English text for ${key}`);
  return text;
};

/** A counted English text: its plural form for `count` (i18next's `_one` / `_other` keys). */
const counted = (key: string, count: number) =>
  t(`${key}_${new Intl.PluralRules('en').select(count)}`).replaceAll('{{count}}', String(count));

type Profile = {
  address: string;
  balances: { wallet: { USDT: string; FREE: string }; pool: { USDT: string; FREE: string } };
};
type StakeOrder = {
  id: string;
  number: string;
  source: 'balance' | 'chain';
  principal: string;
  reward: string;
  totalRevenue: string;
  status: string;
  chainIndex: number | null;
  redeemedAmount: string | null;
  fee: string;
  round: number;
  cycle: number;
};
type Page1<T> = { list: T[] };
type ConfigData = {
  chain_id: number;
  contracts: { usdt: Address; staking: Address; payment: Address };
  cycles: { index: number; days: number }[];
};

const walletUsdt = async (page: Page) => wei((await asUser<Profile>(page, '/api/user')).balances.wallet.USDT);
const stakeOrders = async (page: Page) =>
  (await asUser<Page1<StakeOrder>>(page, '/api/user/stake/orders', { page: '1', size: '20' })).list;

/** Signs in through the API with SIWE, as the console does for an operator. */
async function signInByApi(account: typeof OPERATOR, domain: string): Promise<string> {
  const nonce = await call<{ nonce: string; chainId: number; expiresAt: string }>(
    'GET',
    '/api/common/nonce',
    {
      query: { address: account.address },
    },
  );
  const message = createSiweMessage({
    address: account.address,
    chainId: nonce.chainId,
    domain,
    nonce: nonce.nonce,
    uri: `http://${domain}`,
    version: '1',
    issuedAt: new Date(Date.parse(nonce.expiresAt) - SIWE_NONCE_TTL_MS),
    expirationTime: new Date(nonce.expiresAt),
  });
  const signature = await account.signMessage({ message });
  return (await call<{ token: string }>('POST', '/api/common/login', { body: { message, signature } })).token;
}

/**
 * After a long absence the page's next request finds its session ended (idle longer than the
 * limit on the server's clock): the app says so, goes home and asks to sign in (docs/business-rules.md "Calls, messages and timing").
 */
const SIGN_IN_SHEET = '[data-testid="wallet-sheet"] [data-testid="local-wallet"]';

async function expectSignInAsked(page: Page) {
  await page.waitForSelector(SIGN_IN_SHEET, {
    state: 'visible',
    timeout: 20_000,
  });
  const hash = await page.evaluate(() => window.location.hash);
  assert(hash === '#/' || hash === '', `asked to sign in on ${hash}, not at home`);
  const stored = await page.evaluate(() => localStorage.getItem('free.session'));
  assert(stored === null, 'the ended session is still stored');
}

/**
 * Left to right in light and right to left in dark: each direction and each theme once per step. Not
 * all four pairs: each picture costs a reload of the whole app (about a third of the journey's time
 * with four), and the other browser checks already draw every route in all 12 languages (run.ts,
 * overflow.ts) and check the dark theme on its own (run.ts).
 */
const VARIANTS = [
  ['en', 'light'],
  ['ar', 'dark'],
] as const;

/**
 * Screenshots of the current route in each variant, each chosen through the app's persisted
 * preferences and a reload; then back to English light. `ready` waits for what the step is about and
 * returns the element to bring into view.
 */
async function shoot(page: Page, step: string, ready: (page: Page) => Promise<string | null>) {
  const problems: string[] = [];
  const choose = async (lang: string, theme: string) => {
    await page.evaluate(
      ([l, th]) => {
        localStorage.setItem('free.lang', l as string);
        localStorage.setItem('free.theme', th as string);
      },
      [lang, theme],
    );
    await page.reload();
    await settle(page);
    return ready(page);
  };
  for (const [i, [lang, theme]] of VARIANTS.entries()) {
    // the step ends in English light: the first picture needs no reload
    const target = i === 0 ? await ready(page) : await choose(lang, theme);
    const attrs = await page.evaluate(() => [
      document.documentElement.lang,
      document.documentElement.dir,
      document.documentElement.dataset.theme,
    ]);
    const dir = lang === 'ar' ? 'rtl' : 'ltr';
    if (attrs[0] !== lang || attrs[1] !== dir || attrs[2] !== theme)
      problems.push(`${lang}/${theme}: html lang=${attrs[0]} dir=${attrs[1]} theme=${attrs[2]}`);
    if (target) await page.locator(target).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(JOURNEY_SHOTS, `${step}-${lang}-${theme}.png`) });
  }
  await choose('en', 'light');
  assert(problems.length === 0, problems.join('\n'));
}

/** A step of the journey: on failure the page is kept as FAIL-<n>.png with what a toast said and
 * the page's last API answers that were not code 200. */
let current: Page | null = null;
const refusals: string[] = [];
function watchApi(page: Page) {
  page.on('response', async (res) => {
    if (!res.url().startsWith(API_URL)) return;
    const body = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
    if (body && body.code !== 200)
      refusals.push(
        `${res.request().method()} ${new URL(res.url()).pathname}: ${body.code} ${body.msg ?? ''}`,
      );
  });
}
function step(name: string, fn: () => Promise<void>): Promise<boolean> {
  return check(name, async () => {
    refusals.length = 0;
    try {
      await fn();
    } catch (error) {
      const page = current;
      if (!page) throw error;
      const n = name.split(/[ .:]/)[0] || 'step';
      await page.screenshot({ path: join(JOURNEY_SHOTS, `FAIL-${n}.png`) }).catch(() => {});
      const toast = await page.$eval('.adm-toast-main', (e) => e.textContent).catch(() => null);
      const seen = refusals.slice(-8).join('\n  ');
      throw new Error(
        `${(error as Error).message}${toast ? `\n(toast: ${toast})` : ''}\n(page: ${page.url()})${seen ? `\n(the API refused the page:\n  ${seen})` : ''}`,
      );
    }
  });
}

async function main() {
  const stack = await stackState();
  if (stack !== 'chain') {
    console.log('journey: needs the API with a deployment and the chain (run it through e2e/with-stack.ts)');
    results.failed++;
    return;
  }
  const config = await call<ConfigData>('GET', '/api/common/config');
  const c = config.contracts;
  const chain = createPublicClient({ transport: http(RPC_URL) });
  const onChainUsdt = (who: Address) =>
    chain.readContract({ address: c.usdt, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
  const shortest = [...config.cycles].sort((a, b) => a.days - b.days)[0];
  assert(shortest, 'no stake cycles in the config');

  rmSync(JOURNEY_SHOTS, { recursive: true, force: true });
  mkdirSync(JOURNEY_SHOTS, { recursive: true });
  const app = await serveApp();
  const { base, browser } = app;
  console.log(`journey: anvil account ${USER_INDEX} (${USER.address}) on ${base}`);
  try {
    // The operator opens what the journey uses, keeps the FOMO pool above its floor (below it no
    // income is paid), puts a product in the shop and grants the user presale FREE (the chain
    // pool's burn is paid in FREE), through the console's API as anvil account 0.
    const op = await signInByApi(OPERATOR, new URL(base).host);
    const admin = (path: string, body: unknown) => call('POST', path, { token: op, body });
    const product = { code: 'journey-tea', name: 'Journey tea box', price: '2.5', shares: 2 };
    await check('operator: modules open, FOMO pool above its floor, a shop product on sale', async () => {
      await admin('/api/admin/modules', {
        modules: {
          staking: true,
          staking_use_balance: true,
          recharge: true,
          withdraw: true,
          shop: true,
          chain_pool: true,
        },
      });
      const fomo = await call<{ balance: string; floor: string }>('GET', '/api/common/fomo');
      const floor = wei(fomo.floor);
      if (wei(fomo.balance) < floor * 2n) {
        const amount = floor * 2n - wei(fomo.balance);
        await admin('/api/admin/fomo/fund', {
          amount: formatAmount(amount, { locale: 'en', maxFraction: 18 }).replaceAll(',', ''),
          ref: `journey-${Date.now()}`,
        });
      }
      const after = await call<{ distributing: boolean }>('GET', '/api/common/fomo');
      assert(after.distributing, 'the FOMO pool is still below its floor');
      await admin('/api/admin/products', {
        code: product.code,
        name: { en: product.name, ar: 'علبة شاي الرحلة' },
        description: { en: 'One share is one box of tea.', ar: 'الحصة الواحدة علبة شاي واحدة.' },
        image: '/demo/shop-tea.svg',
        asset: 'USDT',
        price: product.price,
        stock: 10,
      });
    });

    const page = await newPage(browser, base, {
      'free.lang': 'en',
      'free.theme': 'light',
      'free.localWallet.index': String(USER_INDEX),
    });
    current = page;
    watchApi(page);
    await page.goto(`${base}#/pages/mine/mine`);
    await settle(page);

    const ok = await step(
      '1. sign in with the local test wallet: the profile shows the account',
      async () => {
        await signInOnPage(page);
        const shownAddress = (await page.textContent('[data-testid="profile-address"] .address'))?.trim();
        const me = await asUser<Profile>(page, '/api/user');
        assert(me.address.toLowerCase() === USER.address.toLowerCase(), `API user ${me.address}`);
        const short = `${USER.address.slice(0, 6)}…${USER.address.slice(-4)}`;
        assert(shownAddress === short, `page shows "${shownAddress}", expected ${short}`);
        await shoot(page, '01-signed-in', async (p) => {
          await p.waitForSelector('[data-testid="profile-address"]', { timeout: 15_000 });
          return null;
        });
      },
    );
    if (!ok) return;
    // the operator grants the user presale FREE once the user exists (allocations belong to users)
    await check('operator: a presale allocation for the user, released over a day', async () => {
      await admin('/api/admin/allocations/grant', {
        address: USER.address,
        kind: 'presale',
        amount: '50',
        releaseDays: 1,
        batch: `journey-${Date.now()}`,
      });
    });

    await step(
      '2. recharge: the page, the API and the ledger agree, and the treasury got it on chain',
      async () => {
        const amount = '300';
        const terms = await Promise.all([
          chain.readContract({ address: c.payment, abi: paymentAbi, functionName: 'treasury' }),
          chain.readContract({ address: c.payment, abi: paymentAbi, functionName: 'burnBps' }),
          chain.readContract({ address: c.payment, abi: paymentAbi, functionName: 'executorRewardBps' }),
        ]);
        const [treasury, burnBps, rewardBps] = terms;
        const treasuryBefore = await onChainUsdt(treasury);
        const before = await walletUsdt(page);
        await go(page, '/pages/mine/recharge');
        await page.fill('.amount-input input', amount);
        await page.click('[data-testid="recharge-create"]');
        await page.click('.tx-button button', { timeout: 15_000 });
        const order = await until(
          'the recharge to be credited',
          async () =>
            (
              await asUser<Page1<{ orderId: string; state: string; amount: string; credit: string }>>(
                page,
                '/api/user/recharge/list',
                { page: '1', size: '5' },
              )
            ).list.find((o) => o.state === 'paid'),
          90_000,
        );
        const credit = rechargeSplit(wei(amount), burnBps, rewardBps).credit;
        assert(wei(order.credit) === credit, `API credit ${order.credit}, Payment's split gives ${credit}`);
        const after = await walletUsdt(page);
        assert(after - before === credit, `wallet rose by ${after - before}, credit ${credit}`);
        const ledger = await asUser<Page1<{ kind: string; amount: string; asset: string }>>(
          page,
          '/api/user/finance',
          {
            kind: 'recharge',
            size: '5',
          },
        );
        assert(
          ledger.list[0]?.asset === 'USDT' && wei(ledger.list[0].amount) === credit,
          `ledger entry ${JSON.stringify(ledger.list[0])}`,
        );
        const treasuryAfter = await onChainUsdt(treasury);
        assert(
          treasuryAfter - treasuryBefore >= credit,
          `treasury got ${treasuryAfter - treasuryBefore} on chain`,
        );
        await shows('wallet balance', () => statValue(page, t('mine.walletBalance')), shown(after, 'USDT'));
        await shows(
          'the paid record',
          async () =>
            (await page.locator('[data-testid="recharge-record"]').first().innerText()).replace(/\s+/g, ' '),
          shown(credit, 'USDT'),
        );
        await shoot(page, '02-recharged', async (p) => {
          await p.waitForSelector('[data-testid="recharge-record"] .badge.is-success', { timeout: 15_000 });
          return '[data-testid="recharge-record"]';
        });
      },
    );

    // ---- staking ----
    const chooseShortestCycle = async () => {
      await page
        .locator('.cycle-option')
        .nth(config.cycles.findIndex((x) => x.index === shortest.index))
        .click();
    };
    let chainOrder: StakeOrder | null = null;
    await step('3. stake on chain: the order appears and the contract holds its record', async () => {
      const amount = '120';
      const usdtBefore = await onChainUsdt(USER.address);
      await go(page, '/pages/shop/shop');
      await chooseShortestCycle();
      await page.fill('.amount-input input', amount);
      await page.click('.tx-button button');
      chainOrder = await until(
        'the indexer to mirror the stake',
        async () => (await stakeOrders(page)).find((o) => o.source === 'chain') ?? null,
        90_000,
      );
      const o = chainOrder;
      assert(o.chainIndex !== null, 'no record index on the order');
      const [stakeTime, principal, redeemed, cycle] = await chain.readContract({
        address: c.staking,
        abi: stakingAbi,
        functionName: 'userStakeRecord',
        args: [USER.address, BigInt(o.chainIndex)],
      });
      assert(stakeTime > 0n && !redeemed, `record ${o.chainIndex}: time ${stakeTime}, redeemed ${redeemed}`);
      assert(principal === wei(o.principal), `contract principal ${principal}, API ${o.principal}`);
      assert(Number(cycle) === shortest.index, `contract cycle ${cycle}`);
      const spent = usdtBefore - (await onChainUsdt(USER.address));
      assert(spent === wei(amount), `the wallet paid ${spent} on chain for a ${amount} USDT stake`);
      await go(page, '/pages/shop/order');
      const card = page.locator('article.stake-order', { hasText: o.number });
      await shows(
        'the on-chain order',
        async () => (await card.innerText()).replace(/\s+/g, ' '),
        shown(o.principal, 'USDT'),
      );
      await shoot(page, '03-staked-on-chain', async (p) => {
        await p.waitForSelector(`article.stake-order:has-text("${o.number}")`, { timeout: 15_000 });
        return `article.stake-order:has-text("${o.number}")`;
      });
    });

    let renewOrder: StakeOrder | null = null;
    await step(
      '3b. a second on-chain stake (to renew at maturity): the contract holds its record',
      async () => {
        const amount = '105'; // at least the minimum investment (100 USDT on this stack)
        const first = chainOrder;
        await go(page, '/pages/shop/shop');
        await chooseShortestCycle();
        await page.fill('.amount-input input', amount);
        await page.click('.tx-button button');
        renewOrder = await until(
          'the indexer to mirror the second stake',
          async () =>
            (await stakeOrders(page)).find((o) => o.source === 'chain' && o.id !== first?.id) ?? null,
          90_000,
        );
        const o = renewOrder;
        assert(o.chainIndex !== null, 'no record index on the order');
        const [, principal, redeemed] = await chain.readContract({
          address: c.staking,
          abi: stakingAbi,
          functionName: 'userStakeRecord',
          args: [USER.address, BigInt(o.chainIndex)],
        });
        assert(
          !redeemed && principal === wei(o.principal),
          `contract principal ${principal}, API ${o.principal}`,
        );
      },
    );

    let balanceOrder: StakeOrder | null = null;
    await step('4. stake with the balance: the order appears and the balance is debited', async () => {
      const amount = '110';
      const before = await walletUsdt(page);
      await go(page, '/pages/shop/shop');
      await page.getByRole('button', { name: t('shop.payBalance') }).click();
      await chooseShortestCycle();
      await page.fill('.amount-input input', amount);
      await page.getByRole('button', { name: t('shop.stakeNow') }).click();
      balanceOrder = await until(
        'the balance order',
        async () => (await stakeOrders(page)).find((o) => o.source === 'balance') ?? null,
        30_000,
      );
      const after = await walletUsdt(page);
      assert(before - after === wei(amount), `balance fell by ${before - after}, staked ${amount}`);
      const o = balanceOrder;
      await go(page, '/pages/shop/order');
      const card = page.locator('article.stake-order', { hasText: o.number });
      await shows(
        'the balance order',
        async () => (await card.innerText()).replace(/\s+/g, ' '),
        shown(o.principal, 'USDT'),
      );
      await shoot(page, '04-staked-with-balance', async (p) => {
        await p.waitForSelector(`article.stake-order:has-text("${o.number}")`, { timeout: 15_000 });
        return `article.stake-order:has-text("${o.number}")`;
      });
    });
    if (!chainOrder || !balanceOrder || !renewOrder) return;
    const onChain: StakeOrder = chainOrder;
    const withBalance: StakeOrder = balanceOrder;
    const toRenew: StakeOrder = renewOrder;

    await step(
      '5. dev:advance past maturity: both orders show matured (after signing in again)',
      async () => {
        const days = shortest.days + 1;
        const r = await call<{ settledDays: string[]; heldDays: unknown[]; serverTime: string }>(
          'POST',
          '/api/dev/advance',
          { body: { seconds: days * DAY_S } },
        );
        setServerTime(r.serverTime);
        assert(r.settledDays.length > 0, 'no day settled');
        assert(r.heldDays.length === 0, `days held: ${JSON.stringify(r.heldDays)}`);
        // a session idle for more than its limit on the moved clock has ended: the app asks again.
        // The settled days tell the open page over the stream, so it reads again and finds out by
        // itself; a reload is the fallback when no event reached it (a reload after the ask would
        // only show a signed-out home page)
        const asked = await page
          .waitForSelector(SIGN_IN_SHEET, { state: 'visible', timeout: 15_000 })
          .then(() => true)
          .catch(() => false);
        if (!asked) await page.reload();
        await expectSignInAsked(page);
        await signInOnPage(page);
        await go(page, '/pages/shop/order');
        const orders = await stakeOrders(page);
        for (const o of [onChain, withBalance]) {
          const now = orders.find((x) => x.id === o.id);
          assert(now?.status === 'matured', `${o.number} is ${now?.status}`);
          const card = page.locator('article.stake-order', { hasText: o.number });
          await shows(
            o.number,
            async () => card.locator('.status-tag').innerText(),
            t('shop.status.matured'),
          );
        }
        await shoot(page, '05-matured', async (p) => {
          await p.waitForSelector('.status-tag.is-matured', { timeout: 15_000 });
          return '.status-tag.is-matured';
        });
      },
    );

    await step('6. unstake on chain and redeem the balance order: the USDT arrives', async () => {
      await go(page, '/pages/shop/order');
      const usdtBefore = await onChainUsdt(USER.address);
      const chainCard = page.locator('article.stake-order', { hasText: onChain.number });
      await chainCard.getByRole('button', { name: t('shop.unstake') }).click();
      const unstaked = await until(
        'the unstake to be mirrored',
        async () => (await stakeOrders(page)).find((o) => o.id === onChain.id && o.status === 'redeemed'),
        90_000,
      );
      const got = (await onChainUsdt(USER.address)) - usdtBefore;
      assert(
        unstaked.redeemedAmount !== null && got === wei(unstaked.redeemedAmount),
        `USDT on chain rose by ${got}; the API says ${unstaked.redeemedAmount} was paid`,
      );
      assert(got > wei(onChain.principal), `no interest: got ${got} for ${onChain.principal}`);

      const before = await walletUsdt(page);
      const paidBefore = wei(
        (await stakeOrders(page)).find((o) => o.id === withBalance.id)?.totalRevenue ?? '0',
      );
      const balanceCard = page.locator('article.stake-order', { hasText: withBalance.number });
      await balanceCard.getByRole('button', { name: t('shop.redeem') }).click();
      const redeemed = await until(
        'the redemption',
        async () => (await stakeOrders(page)).find((o) => o.id === withBalance.id && o.status === 'redeemed'),
        30_000,
      );
      const rose = (await walletUsdt(page)) - before;
      assert(
        redeemed.redeemedAmount !== null && rose === wei(redeemed.redeemedAmount) - paidBefore,
        `balance rose by ${rose}; redeemed ${redeemed.redeemedAmount}, of which ${paidBefore} paid before`,
      );
      for (const o of [onChain, withBalance])
        await shows(
          o.number,
          async () =>
            page.locator('article.stake-order', { hasText: o.number }).locator('.status-tag').innerText(),
          t('shop.status.redeemed'),
        );
      await shoot(page, '06-redeemed', async (p) => {
        await p.waitForSelector('.status-tag.is-redeemed', { timeout: 15_000 });
        return '.status-tag.is-redeemed';
      });
    });

    let renewedInterest = 0n;
    await step(
      '6b. renew the other on-chain stake: one transaction, old order renewed, new one open',
      async () => {
        await go(page, '/pages/shop/order');
        const usdtBefore = await onChainUsdt(USER.address);
        const card = page.locator('article.stake-order', { hasText: toRenew.number });
        // into another cycle than its own: the card shows the new record's terms before signing
        const into = [...config.cycles].sort((a, b) => a.days - b.days)[1] ?? shortest;
        assert(into.index !== toRenew.cycle, 'only one stake cycle to renew into');
        await card.getByRole('radio', { name: counted('shop.cycleDays', into.days) }).check();
        await until(
          'the renewal terms of the cycle picked',
          async () =>
            (await card.locator('[data-testid="renew-terms"]').innerText()).includes(`for ${into.days} days`)
              ? true
              : null,
          15_000,
        );
        await card.getByRole('button', { name: t('shop.renew') }).click();
        const { old, next } = await until(
          'the renewal to be mirrored',
          async () => {
            const list = await stakeOrders(page);
            const old = list.find((o) => o.id === toRenew.id && o.status === 'renewed');
            const next = list.find((o) => o.source === 'chain' && o.round === 2 && o.status === 'active');
            return old && next ? { old, next } : null;
          },
          90_000,
        );
        // the list was refreshed when the transaction was mined, before the indexer mirrored it:
        // the user's next visit shows it
        await page.reload();
        await settle(page);
        assert(next.chainIndex !== null && toRenew.chainIndex !== null, 'no record index');
        const [, , oldClosed] = await chain.readContract({
          address: c.staking,
          abi: stakingAbi,
          functionName: 'userStakeRecord',
          args: [USER.address, BigInt(toRenew.chainIndex)],
        });
        const [, principal, redeemed, cycle] = await chain.readContract({
          address: c.staking,
          abi: stakingAbi,
          functionName: 'userStakeRecord',
          args: [USER.address, BigInt(next.chainIndex)],
        });
        const round = await chain.readContract({
          address: c.staking,
          abi: stakingAbi,
          functionName: 'stakeRound',
          args: [USER.address, BigInt(next.chainIndex)],
        });
        assert(oldClosed, 'the renewed record is still open in the contract');
        assert(!redeemed && round === 2, `new record: redeemed ${redeemed}, round ${round}`);
        assert(Number(cycle) === into.index, `new record cycle ${cycle}, picked ${into.index}`);
        renewedInterest = wei(old.totalRevenue);
        assert(renewedInterest > 0n, 'the renewal carried no interest');
        assert(
          principal === wei(next.principal) && principal === wei(toRenew.principal) + renewedInterest,
          `contract principal ${principal}; API ${next.principal} = ${toRenew.principal} + ${old.totalRevenue}?`,
        );
        assert(wei(next.fee) === 0n, `a renewal took a fee of ${next.fee}`);
        const moved = (await onChainUsdt(USER.address)) - usdtBefore;
        assert(moved === 0n, `the wallet's USDT moved by ${moved} on a renewal`);
        await shows(
          toRenew.number,
          async () =>
            page
              .locator('article.stake-order', { hasText: toRenew.number })
              .locator('.status-tag')
              .innerText(),
          t('shop.status.renewed'),
        );
        await shows(
          next.number,
          async () =>
            (await page.locator('article.stake-order', { hasText: next.number }).innerText()).replace(
              /\s+/g,
              ' ',
            ),
          shown(next.principal, 'USDT'),
        );
        await shoot(page, '06b-renewed', async (p) => {
          await p.waitForSelector('.status-tag.is-renewed', { timeout: 15_000 });
          return '.status-tag.is-renewed';
        });
      },
    );

    await step(
      '7. earnings: the static income shown is the API figure, the interest of both stakes',
      async () => {
        const orders = await stakeOrders(page);
        const interest =
          orders
            .filter((o) => o.id === onChain.id || o.id === withBalance.id)
            .reduce((sum, o) => sum + wei(o.redeemedAmount ?? '0') - wei(o.principal), 0n) +
          // the renewed stake's interest went into its new principal: static income too
          renewedInterest;
        type Income = { list: { kind: string; total: { USDT: string; FREE: string } }[] };
        const income = await asUser<Income>(page, '/api/user/income_info');
        const staticTotal = income.list.find((i) => i.kind === 'income_static')?.total.USDT ?? '0';
        assert(
          wei(staticTotal) === interest,
          `API static income ${staticTotal}, interest of the stakes ${interest}`,
        );
        assert(interest > 0n, 'no income');
        await go(page, '/pages/mine/earnings');
        await shows(
          'static income (total)',
          () => statValue(page, t('income.cumulative'), '[data-testid="income-income_static"]'),
          shown(staticTotal, 'USDT'),
        );
        const all = income.list.find((i) => i.kind === 'total')?.total.USDT ?? '0';
        await shows(
          'income (total)',
          () => statValue(page, t('income.cumulative'), '[data-testid="income-total"]'),
          shown(all, 'USDT'),
        );
        await shoot(page, '07-earnings', async (p) => {
          await p.waitForSelector('[data-testid="income-income_static"]', { timeout: 15_000 });
          return '[data-testid="income-income_static"]';
        });
      },
    );

    await step(
      '8. withdraw: the payout worker pays it on chain and the page shows it confirmed',
      async () => {
        const amount = '20';
        const before = await walletUsdt(page);
        const usdtBefore = await onChainUsdt(USER.address);
        await go(page, '/pages/mine/extract');
        await page.fill('.amount-input input', amount);
        await page.click('[data-testid="withdraw-submit"]');
        type W = { id: number; state: string; amount: string; txHash: string | null };
        const paid = await until(
          'the withdrawal to be paid',
          async () => {
            const w = (await asUser<Page1<W>>(page, '/api/user/withdraw/list', { page: '1', size: '5' }))
              .list[0];
            return w?.state === 'confirmed' ? w : null;
          },
          90_000,
        );
        assert(wei(paid.amount) === wei(amount), `withdrawal of ${paid.amount}`);
        assert(before - (await walletUsdt(page)) === wei(amount), 'the balance did not fall by the amount');
        const got = (await onChainUsdt(USER.address)) - usdtBefore;
        assert(got === wei(amount), `USDT on chain rose by ${got}`);
        const receipt = await chain.getTransactionReceipt({ hash: parseHex(paid.txHash, 'txHash', 32) });
        const transfers = parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: 'Transfer' });
        assert(
          transfers.some(
            (l) => l.args.to.toLowerCase() === USER.address.toLowerCase() && l.args.value === wei(amount),
          ),
          'the payout transaction has no transfer to the user',
        );
        const record = page.locator('[data-testid="withdraw-record"]').first();
        await shows(
          'the withdrawal record',
          async () => (await record.innerText()).replace(/\s+/g, ' '),
          t('state.confirmed'),
          30_000,
        );
        await shows(
          'the withdrawal record',
          async () => (await record.innerText()).replace(/\s+/g, ' '),
          shown(amount, 'USDT'),
        );
        await shoot(page, '08-withdrawn', async (p) => {
          await p.waitForSelector('[data-testid="withdraw-record"] .badge.is-success', { timeout: 15_000 });
          return '[data-testid="withdraw-record"]';
        });
      },
    );

    await step('9. shop: buy shares, the order is in my orders and the balance is debited', async () => {
      const before = await walletUsdt(page);
      await go(page, '/pages/shop/products');
      await page.locator('[data-testid="product-card"]', { hasText: product.name }).click();
      await settle(page);
      await page
        .locator('[data-testid="shares-input"]')
        .locator('input')
        .or(page.locator('input[data-testid="shares-input"]'))
        .fill(String(product.shares));
      await page.click('[data-testid="buy-button"]');
      await page.getByRole('button', { name: t('action.confirm') }).click();
      await page.waitForFunction(
        () => window.location.hash.startsWith('#/pages/shop/shopOrders'),
        undefined,
        {
          timeout: 15_000,
        },
      );
      await settle(page);
      type O = { name: string; total: string; quantity: number; state: string };
      const order = (await asUser<Page1<O>>(page, '/api/user/shop/orders', { page: '1', size: '5' })).list[0];
      assert(
        order?.name === product.name && order.quantity === product.shares,
        `order ${JSON.stringify(order)}`,
      );
      assert(wei(order.total) === wei(product.price) * BigInt(product.shares), `total ${order.total}`);
      const debited = before - (await walletUsdt(page));
      assert(debited === wei(order.total), `balance fell by ${debited}, order total ${order.total}`);
      const row = page.locator('[data-testid="shop-order"]').first();
      await shows(
        'my order',
        async () => (await row.innerText()).replace(/\s+/g, ' '),
        shown(order.total, 'USDT'),
      );
      await shows('my order', async () => row.innerText(), product.name);
      await shoot(page, '09-shop-order', async (p) => {
        await p.waitForSelector('[data-testid="shop-order"]', { timeout: 15_000 });
        return null;
      });
    });

    await step(
      '10. chain pool: contribute; my total, the balances and the pool agree with the API',
      async () => {
        const amount = '10';
        type Mine = { total: string; list: { amount: string; freeBurned: string }[] };
        const me0 = await asUser<Profile>(page, '/api/user');
        const mine0 = await asUser<Mine>(page, '/api/user/pool/contributions', { page: '1', size: '1' });
        await go(page, '/pages/chainPool/chainPool');
        await page.fill('.amount-input input', amount);
        await page
          .locator('main.content')
          .getByRole('button', { name: t('pool.contribute') })
          .click();
        await page.getByRole('button', { name: t('action.confirm') }).click();
        const mine = await until(
          'the contribution',
          async () => {
            const m = await asUser<Mine>(page, '/api/user/pool/contributions', { page: '1', size: '1' });
            return wei(m.total) > wei(mine0.total) ? m : null;
          },
          30_000,
        );
        assert(wei(mine.total) - wei(mine0.total) === wei(amount), `my total ${mine0.total} → ${mine.total}`);
        const burned = wei(mine.list[0]?.freeBurned ?? '0');
        assert(burned > 0n, 'no FREE burned');
        const me1 = await asUser<Profile>(page, '/api/user');
        assert(
          wei(me0.balances.wallet.USDT) - wei(me1.balances.wallet.USDT) === wei(amount),
          'USDT balance not debited by the contribution',
        );
        assert(
          wei(me0.balances.wallet.FREE) - wei(me1.balances.wallet.FREE) === burned,
          `FREE balance fell by ${wei(me0.balances.wallet.FREE) - wei(me1.balances.wallet.FREE)}, burned ${burned}`,
        );
        await shows(
          'my total contribution',
          () => statValue(page, t('pool.myTotal')),
          shown(mine.total, 'USDT'),
        );
        const stats = await call<{ totalAmount: string }>('GET', '/api/common/pool/stats');
        await shows(
          'the pool total',
          () => statValue(page, t('pool.total')),
          shown(stats.totalAmount, 'USDT'),
        );
        await shoot(page, '10-pool-contribution', async (p) => {
          // the pool's figures, my level and the form's balances
          await p.waitForFunction(
            () => document.querySelectorAll('main.content .stat').length >= 7,
            undefined,
            {
              timeout: 15_000,
            },
          );
          return null;
        });
      },
    );
    await step(
      '11. a day settled: the pool income is in the Profile pool balance, as the API says',
      async () => {
        const before = wei((await asUser<Profile>(page, '/api/user')).balances.pool.USDT);
        const r = await call<{ settledDays: string[]; serverTime: string }>('POST', '/api/dev/advance', {
          body: { seconds: DAY_S },
        });
        setServerTime(r.serverTime);
        assert(r.settledDays.length > 0, 'no day settled');
        const pool = (await asUser<Profile>(page, '/api/user')).balances.pool;
        assert(wei(pool.USDT) > before, `no pool income: pool balance ${before} → ${pool.USDT}`);
        await go(page, '/pages/mine/mine');
        // the profile was read before the day was settled: the next visit reads it again
        await page.reload();
        await settle(page);
        await shows(
          'the mining pool balance',
          async () =>
            (await page.locator('[data-testid="profile-pool-balance"]').innerText()).replace(/\s+/g, ' '),
          shown(pool.USDT, 'USDT'),
        );
        await shoot(page, '11-pool-balance', async (p) => {
          await p.waitForSelector('[data-testid="profile-pool-balance"]', { timeout: 15_000 });
          return '[data-testid="profile-pool-balance"]';
        });
      },
    );
    await step(
      '12. proof of liabilities: the snapshot of the day is published, the page verifies it against the chain',
      async () => {
        // the day settled above took a snapshot and signed its publication into the hot-wallet outbox
        const proof = await until(
          'the published snapshot',
          async () => {
            const r = await asUser<LiabilitiesProofData>(page, '/api/user/liabilities/proof').catch(
              () => null,
            );
            return r?.publishedAt ? r : null;
          },
          60_000,
        );
        await go(page, '/pages/mine/liabilities');
        await shows(
          'the USDT counted for me',
          async () =>
            (await page.locator('[data-testid="liabilities-usdt"]').innerText()).replace(/\s+/g, ' '),
          shown(proof.leaf.usdt, 'USDT'),
        );
        await page.click('[data-testid="liabilities-verify"]');
        await page.waitForSelector('[data-testid="liabilities-verified"]', { timeout: 20_000 });
        const states = await page
          .locator('[data-testid="liabilities-steps"] li')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
        assert(states.length === 5 && states.every((s) => s === 'ok'), `steps ${states.join(', ')}`);
        const download = page.waitForEvent('download');
        await page.click('[data-testid="liabilities-download"]');
        const file = JSON.parse(
          readFileSync((await (await download).path()) as string, 'utf8'),
        ) as LiabilitiesProofData & {
          address: string;
        };
        assert(
          file.root === proof.root && file.address.toLowerCase() === USER.address.toLowerCase(),
          'downloaded proof',
        );
        await shoot(page, '12-liabilities', async (p) => {
          await p.click('[data-testid="liabilities-verify"]');
          await p.waitForSelector('[data-testid="liabilities-verified"]', { timeout: 20_000 });
          return '[data-testid="liabilities-steps"]';
        });
      },
    );
    await page.context().close();
  } finally {
    await app.close();
  }
}

main()
  .catch((error) => {
    results.failed++;
    console.log(`  FAIL  journey runner: ${(error as Error).stack ?? error}`);
  })
  .finally(finish);
