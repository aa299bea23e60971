// What each endpoint answers when things go right: config, articles with language fallback,
// banners, profile, income from the ledger, recharge orders and their credit, refunds.

import { ErrorCode } from '@free/protocol';
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import type { LedgerKind } from '@free/protocol/api/ledger-kinds';
import { DAY_MS } from '@free/protocol/constants';
import { sql } from 'drizzle-orm';
import { recoverTypedDataAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, banners, config as configTable, withdrawals } from '../src/db/schema/index.ts';
import { getBalance, systemAccount, transfer, userAccount } from '../src/services/ledger.ts';
import { creditRecharge, PAYMENT_ORDER_TYPES, paymentDomain } from '../src/services/recharge.ts';
import { forgetSettings } from '../src/services/settings.ts';
import { refundWithdrawal } from '../src/services/withdraw.ts';
import {
  account,
  authHeaders,
  BACKEND,
  BASE_HEADERS,
  closeApp,
  DEPLOYMENT,
  makeApp,
  signIn,
  type TestCtx,
  TREASURY,
} from './helpers.ts';

describe.each(BACKEND)('endpoints on $name', ({ url }) => {
  let t: TestCtx;
  beforeAll(async () => {
    t = await makeApp(url);
  });
  afterAll(() => closeApp(t));

  const get = (path: string, headers: Record<string, string> = BASE_HEADERS) =>
    t.app.inject({ method: 'GET', url: path, headers }).then((r) => r.json());

  it('serves the public config with chain id, contracts and DB-backed values', async () => {
    const c = await get('/api/common/config');
    expect(c.code).toBe(200);
    expect(c.data).toMatchObject({ chain_id: 31337, min_investment: '100', max_investment: '1000' });
    expect(c.data.contracts.staking).toBe(DEPLOYMENT.staking);
    expect(c.data.cycles.map((x: { days: number }) => x.days)).toEqual([7, 15, 30]);
    await t.db.db
      .update(configTable)
      .set({ value: 'https://t.me/free_official' })
      .where(sql`key = 'telegram_url'`);
    forgetSettings(t.db.db);
    expect((await get('/api/common/config')).data.telegram_url).toBe('https://t.me/free_official');
  });

  it('lists articles in the caller language with English fallback, newest first, paged', async () => {
    const at = (d: string) => new Date(`2026-11-${d}T00:00:00Z`);
    await t.db.db.insert(articles).values([
      {
        slug: 'launch',
        type: 'announcement',
        language: 'en',
        title: 'Launch',
        content: 'We launch',
        publishedAt: at('01'),
      },
      {
        slug: 'launch',
        type: 'announcement',
        language: 'ja',
        title: 'ローンチ',
        content: '開始',
        publishedAt: at('01'),
      },
      {
        slug: 'upgrade',
        type: 'announcement',
        language: 'en',
        title: 'Upgrade',
        content: 'Soon',
        publishedAt: at('02'),
      },
      {
        slug: 'paper',
        type: 'whitepaper',
        language: 'en',
        title: 'Paper',
        content: '...',
        publishedAt: at('03'),
      },
      {
        slug: 'future',
        type: 'announcement',
        language: 'en',
        title: 'Later',
        content: '...',
        publishedAt: at('30'),
      },
    ]);
    const ja = await get('/api/common/article/list?type=announcement', {
      ...BASE_HEADERS,
      'accept-language': 'ja',
    });
    expect(ja.data.total).toBe(2);
    expect(ja.data.list.map((a: { title: string }) => a.title)).toEqual(['Upgrade', 'ローンチ']);
    // Each item says which language it is in, so the app can mark the English fallback as English.
    expect(ja.data.list.map((a: { language: string }) => a.language)).toEqual(['en', 'ja']);
    const page2 = await get('/api/common/article/list?size=1&page=2');
    expect(page2.data).toMatchObject({ total: 3, page: 2, size: 1 });
    expect(page2.data.list[0].title).toBe('Upgrade');
    const enId = ja.data.list[1].id;
    const detail = await get(`/api/common/article/detail?id=${enId}`, {
      ...BASE_HEADERS,
      'accept-language': 'en',
    });
    expect(detail.data).toMatchObject({ title: 'Launch', content: 'We launch', language: 'en' });
    const detailJa = await get(`/api/common/article/detail?id=${detail.data.id}`, {
      ...BASE_HEADERS,
      'accept-language': 'ja',
    });
    expect(detailJa.data.title).toBe('ローンチ');
  });

  it('lists active banners for the language, in order', async () => {
    await t.db.db.insert(banners).values([
      { image: '/b/2.png', sort: 2 },
      { image: '/b/1.png', sort: 1, link: '#/pages/index/announcement' },
      { image: '/b/ja.png', sort: 0, language: 'ja' },
      { image: '/b/off.png', sort: 0, active: false },
    ]);
    const b = await get('/api/common/banner');
    expect(b.data.list.map((x: { image: string }) => x.image)).toEqual(['/b/1.png', '/b/2.png']);
    expect(b.data.list[0].language).toBeNull();
    const ja = await get('/api/common/banner', { ...BASE_HEADERS, 'accept-language': 'ja' });
    expect(
      ja.data.list.map((x: { image: string; language: string | null }) => [x.image, x.language]),
    ).toEqual([
      ['/b/ja.png', 'ja'],
      ['/b/1.png', null],
      ['/b/2.png', null],
    ]);
  });

  it('computes income from ledger entries by kind: today, yesterday, total; zeros when none', async () => {
    const { token, userId } = await signIn(t, account('earner'));
    const h = () => authHeaders(t, token);
    const empty = await get('/api/user/income_info', h());
    // every income kind (docs/business-rules.md "Income kinds"), and the mining pool's
    expect(empty.data.list.map((k: { kind: string }) => k.kind)).toEqual([
      'total',
      'income_personal',
      'income_dynamic',
      'income_static',
      'airdrop_exclusive',
      'airdrop_unlock',
      'airdrop_earnings',
      'presale_unlock',
      'presale_earnings',
      'slippage_profit',
      'hlb_static',
      'hlb_dynamic',
      'pool_income',
    ]);
    expect(
      empty.data.list.every(
        (k: { today: { USDT: string }; total: { FREE: string } }) =>
          k.today.USDT === '0' && k.total.FREE === '0',
      ),
    ).toBe(true);
    expect(empty.data.fccBonus).toEqual({ today: '0', yesterday: '0', total: '0' });
    const credit = (key: string, kind: LedgerKind, asset: 'USDT' | 'FREE' | 'FCC', amount: bigint) =>
      t.db.transaction((tx) =>
        transfer(tx, {
          key,
          from: systemAccount('income'),
          to: userAccount(userId),
          asset,
          amount,
          kind,
          at: t.clock.get(),
        }),
      );
    await credit('inc-1', 'income_static', 'USDT', 3n * U);
    t.clock.advance(DAY_MS);
    await credit('inc-2', 'income_static', 'USDT', 2n * U);
    await credit('inc-3', 'airdrop_exclusive', 'FREE', (5n * U) / 2n);
    await credit('inc-4', 'mm_bonus_fcc', 'FCC', 4n * U);
    const r = await get('/api/user/income_info', h());
    const byKind = Object.fromEntries(r.data.list.map((k: { kind: string }) => [k.kind, k]));
    expect(byKind.income_static).toMatchObject({
      today: { USDT: '2', FREE: '0' },
      yesterday: { USDT: '3', FREE: '0' },
      total: { USDT: '5' },
    });
    expect(byKind.airdrop_exclusive.today).toEqual({ USDT: '0', FREE: '2.5' });
    expect(byKind.total).toMatchObject({
      today: { USDT: '2', FREE: '2.5' },
      yesterday: { USDT: '3', FREE: '0' },
    });
    expect(byKind.income_dynamic.total).toEqual({ USDT: '0', FREE: '0' });
    // personal: the total less what the team earned the user (dynamic income)
    await credit('inc-5', 'income_dynamic', 'USDT', 1n * U);
    const withTeam = Object.fromEntries(
      (await get('/api/user/income_info', h())).data.list.map((k: { kind: string }) => [k.kind, k]),
    );
    expect(withTeam.total.today).toEqual({ USDT: '3', FREE: '2.5' });
    expect(withTeam.income_personal.today).toEqual({ USDT: '2', FREE: '2.5' });
    expect(withTeam.income_personal.total).toEqual({ USDT: '5', FREE: '2.5' });
    // The market-maker bonus is paid in FCC: it shows with the income, apart from USDT and FREE.
    expect(r.data.fccBonus).toEqual({ today: '4', yesterday: '0', total: '4' });
    const profile = await get('/api/user', h());
    expect(profile.data.balances.wallet).toEqual({ USDT: '6', FREE: '2.5', FCC: '4' });
    expect(profile.data.level).toMatchObject({ user: 'V0', node: 'ordinary', vip: 0, marketMakerLevel: 0 });
    const fin = await get('/api/user/finance?asset=FREE', h());
    expect(fin.data.list).toHaveLength(1);
    expect(fin.data.list[0]).toMatchObject({ kind: 'airdrop_exclusive', amount: '2.5', asset: 'FREE' });

    // an on-chain stake's interest is static income once Unstaked paid it (the contract pays the
    // wallet on chain: no ledger entry, no balance change); an open stake's is not yet
    const at = t.clock.get().toISOString();
    const addr = account('earner').address.toLowerCase();
    await t.db.db.execute(sql`INSERT INTO chain_stakes (user_address, user_id, stake_index, cycle, amount,
        principal, fee, free_burned, rate_ppm, max_interest, status, interest, staked_at, stake_tx,
        block_number, unstaked_at)
      VALUES (${addr}, ${userId}, 0, 0, ${String(100n * U)}, ${String(98n * U)}, ${String(2n * U)}, 0, 6000,
        ${String(5n * U)}, 'redeemed', ${String((3n * U) / 2n)}, ${at}, ${`0x${'a'.repeat(64)}`}, 1, ${at}),
        (${addr}, ${userId}, 1, 0, ${String(100n * U)}, ${String(98n * U)}, ${String(2n * U)}, 0, 6000,
        ${String(5n * U)}, 'active', NULL, ${at}, ${`0x${'b'.repeat(64)}`}, 2, NULL)`);
    const withChain = await get('/api/user/income_info', h());
    const chainKind = Object.fromEntries(withChain.data.list.map((k: { kind: string }) => [k.kind, k]));
    expect(chainKind.income_static).toMatchObject({ today: { USDT: '3.5' }, total: { USDT: '6.5' } });
    expect(chainKind.total.today).toEqual({ USDT: '4.5', FREE: '2.5' });
    expect((await get('/api/user', h())).data.balances.wallet.USDT).toBe('6');
  });

  it('creates a recharge order signed by the backend signer for Payment, and credits it once when paid', async () => {
    const a = account('recharger');
    const { token, userId } = await signIn(t, a);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/user/recharge/create',
      headers: authHeaders(t, token),
      payload: { amount: '12.5' },
    });
    const order = r.json().data;
    expect(r.json().code).toBe(200);
    expect(order).toMatchObject({
      payer: a.address,
      token: DEPLOYMENT.usdt,
      to: TREASURY,
      amount: '12.5',
      amountWei: ((125n * U) / 10n).toString(),
      burnBps: 200,
      executorRewardBps: 10,
      // the page shows the deductions before the user pays: 2 % burned, 0.1 % back to the payer
      burn: '0.25',
      executorReward: '0.0125',
      credit: '12.2375',
      state: 'pending',
    });
    const signer = await recoverTypedDataAddress({
      domain: paymentDomain(31337, DEPLOYMENT.payment),
      types: PAYMENT_ORDER_TYPES,
      primaryType: 'Order',
      message: {
        orderId: order.orderId,
        payer: a.address,
        token: DEPLOYMENT.usdt,
        to: TREASURY,
        amount: BigInt(order.amountWei),
        burnBps: 200n,
        endTime: BigInt(order.endTime),
      },
      signature: order.signature,
    });
    expect(signer).toBe(t.config.signerAddress);
    expect(order.endTime).toBe(Math.floor(t.clock.get().getTime() / 1000) + 1800);

    const paid = {
      payer: a.address,
      token: DEPLOYMENT.usdt,
      to: TREASURY,
      paidAmount: (125n * U) / 10n,
      burned: (25n * U) / 100n,
      executorReward: (125n * U) / 10_000n,
      txHash: '0xabc',
      paidAt: t.clock.get(),
    };
    expect(
      await t.db.transaction((tx) => creditRecharge(tx, order.orderId, { ...paid, payer: TREASURY })),
    ).toEqual({ credited: false, reason: 'wrong_payer' });
    expect(
      await t.db.transaction((tx) => creditRecharge(tx, order.orderId, { ...paid, to: a.address })),
    ).toEqual({ credited: false, reason: 'wrong_recipient' });
    expect(await t.db.transaction((tx) => creditRecharge(tx, order.orderId, paid))).toMatchObject({
      credited: true,
      userId,
    });
    expect(await t.db.transaction((tx) => creditRecharge(tx, order.orderId, paid))).toEqual({
      credited: false,
      reason: 'already_paid',
    });
    // credited what reached the treasury: 12.5 - 0.25 burned - 0.0125 returned to the payer
    expect(await getBalance(t.db.db, userAccount(userId), 'USDT')).toBe((122375n * U) / 10_000n);
    // what Payment returned to the payer is their slippage profit (paid on chain, no ledger entry)
    const income = (await get('/api/user/income_info', authHeaders(t, token))).data.list;
    const slippage = income.find((k: { kind: string }) => k.kind === 'slippage_profit');
    expect(slippage).toMatchObject({ today: { USDT: '0.0125' }, total: { USDT: '0.0125', FREE: '0' } });
    // it came out of the user's own payment and went back: it nets to zero, so neither the total
    // nor personal income counts it
    expect(income.find((k: { kind: string }) => k.kind === 'total').total.USDT).toBe('0');
    expect(income.find((k: { kind: string }) => k.kind === 'income_personal').total.USDT).toBe('0');
    const list = (await get('/api/user/recharge/list', authHeaders(t, token))).data;
    expect(list.list[0]).toMatchObject({
      orderId: order.orderId,
      state: 'paid',
      txHash: '0xabc',
      credit: '12.2375',
    });
  });

  it('answers ChainUnavailable for a recharge when the chain cannot be read, creating nothing', async () => {
    const t2 = await makeApp(url, {
      db: t.db,
      chain: { paymentTerms: async () => Promise.reject(new Error('rpc down')) },
    });
    try {
      const { token } = await signIn(t2, account('offline'));
      const r = await t2.app.inject({
        method: 'POST',
        url: '/api/user/recharge/create',
        headers: authHeaders(t2, token),
        payload: { amount: '5' },
      });
      expect(r.json()).toMatchObject({ code: ErrorCode.ChainUnavailable, data: null });
      expect(
        (
          await t2.app.inject({
            method: 'GET',
            url: '/api/user/recharge/list',
            headers: authHeaders(t2, token),
          })
        ).json().data.total,
      ).toBe(0);
    } finally {
      await closeApp(t2);
    }
  });

  it('refunds a failed withdrawal exactly once', async () => {
    const a = account('refunded');
    const { token, userId } = await signIn(t, a);
    await t.db.transaction((tx) =>
      transfer(tx, {
        key: 'refund-fund',
        from: systemAccount('adjust'),
        to: userAccount(userId),
        asset: 'USDT',
        amount: 10n * U,
        kind: 'adjust',
      }),
    );
    const w = (
      await t.app.inject({
        method: 'POST',
        url: '/api/user/withdraw/apply',
        headers: authHeaders(t, token),
        payload: { amount: '7', address: a.address },
      })
    ).json().data;
    expect(w).toMatchObject({ state: 'queued', amount: '7', to: a.address });
    expect(await getBalance(t.db.db, userAccount(userId), 'USDT')).toBe(3n * U);
    await expect(t.db.transaction((tx) => refundWithdrawal(tx, w.id, new Date()))).rejects.toThrow(
      /not failed/,
    );
    await t.db.db.update(withdrawals).set({ state: 'failed' }).where(sql`id = ${w.id}`);
    const [first, second] = [
      await t.db.transaction((tx) => refundWithdrawal(tx, w.id, new Date())),
      await t.db.transaction((tx) => refundWithdrawal(tx, w.id, new Date())),
    ];
    expect([first, second]).toEqual([true, false]);
    expect(await getBalance(t.db.db, userAccount(userId), 'USDT')).toBe(10n * U);
    const list = (await get('/api/user/withdraw/list', authHeaders(t, token))).data.list;
    expect(list[0]).toMatchObject({ state: 'refunded', pending: false });
  });

  it('serves ignition, staking limits, contributions and module switches from the DB', async () => {
    const { token } = await signIn(t, account('igniter'));
    const fire = (await get('/api/user/fire', authHeaders(t, token))).data;
    expect(fire).toEqual({
      ignited: false,
      ignitedAt: null,
      requiredFree: '100',
      walletFree: '0',
      open: false,
      burnedTotal: '0',
      records: [],
    });
    const lim = (await get('/api/user/staking_limit_info', authHeaders(t, token))).data;
    expect(lim).toMatchObject({
      minAmount: '1',
      maxAmount: '1000',
      stakingUseBalanceOpen: false,
      marketMakerTurnover: '0',
    });
    const rec = (await get('/api/user/contribute/record', authHeaders(t, token))).data;
    expect(rec).toEqual({ list: [], total: 0, page: 1, size: 20 });
    await t.db.db
      .update(configTable)
      .set({ value: { withdraw: false } })
      .where(sql`key = 'modules'`);
    forgetSettings(t.db.db);
    try {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/user/withdraw/apply',
        headers: authHeaders(t, token),
        payload: { amount: '1' },
      });
      expect(r.json().code).toBe(ErrorCode.ModuleClosed);
      expect((await get('/api/common/config')).data.modules).toMatchObject({
        withdraw: false,
        recharge: true,
      });
    } finally {
      await t.db.db
        .update(configTable)
        .set({ value: { withdraw: true } })
        .where(sql`key = 'modules'`);
      forgetSettings(t.db.db);
    }
  });

  it('serves the OpenAPI document at /api/docs with every endpoint', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/common/login',
        '/api/common/nonce',
        '/api/user/withdraw/apply',
        '/api/user/income_info',
        '/api/user/team_info',
      ]),
    );
  });
});
