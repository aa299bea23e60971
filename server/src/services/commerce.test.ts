// Machines (hashrate granted), shop orders and their states, FCC records, card applications.

import { ErrorCode } from '@free/protocol';
import { DAY_MS as DAY } from '@free/protocol/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, authHeaders, BACKEND, BASE_HEADERS, setModules, signIn } from '../../test/helpers.ts';
import { fullSnapshot, fund, makeProductApp, type ProductTestCtx, U } from '../../test/support/testkit.ts';
import { shopProducts } from '../db/schema/index.ts';
import { CARD_TRANSITIONS, reviewCard } from './cards.ts';
import { getBalance, systemAccount, transfer, userAccount } from './ledger.ts';
import { activeHashrate, upsertMachine } from './machines.ts';
import { moveShopOrder, SHOP_TRANSITIONS, upsertProduct } from './shop.ts';

// every suite runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set
for (const backend of BACKEND) {
  describe(backend.name, () => {
    let t: ProductTestCtx;
    let u: { token: string; userId: number };
    let machineId: number;
    let productId: number;

    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: authHeaders(t, u.token), payload }).then((r) => r.json());
    const get = (url: string, signed = true) =>
      t.app
        .inject({
          method: 'GET',
          url,
          headers: signed ? authHeaders(t, u.token) : { ...BASE_HEADERS, 'accept-language': 'zh-Hans' },
        })
        .then((r) => r.json());

    beforeAll(async () => {
      t = await makeProductApp(backend.url);
      await setModules(t.db.db, { machines: true, shop: true, cards: true });
      u = await signIn(t, account('commerce'));
      await fund(t.db, u.userId, 250n * U, 'USDT');
      await fund(t.db, u.userId, 100n * U, 'FCC');
      machineId = await upsertMachine(t.db.db, {
        code: 's1',
        name: { en: 'Miner S1', 'zh-Hans': '矿机 S1' },
        description: { en: 'Entry machine' },
        asset: 'USDT',
        price: 100n * U,
        hashrate: 5000n,
        days: 10,
        stock: 2,
      });
      productId = await upsertProduct(t.db.db, {
        code: 'tea',
        name: { en: 'Tea' },
        description: { en: 'One share of tea' },
        asset: 'FCC',
        price: 15n * U,
        stock: 5,
      });
    });
    afterAll(async () => {
      await t?.app.close();
      await t?.db.close();
    });

    describe('mining machines', () => {
      it('lists the catalogue in the caller language, English where not translated', async () => {
        const list = await get('/api/common/machines', false);
        expect(list.data.list[0]).toMatchObject({
          name: '矿机 S1',
          description: 'Entry machine',
          price: '100',
          stock: 2,
        });
        const d = await get(`/api/common/machine/detail?id=${machineId}`, false);
        expect(d.data.hashrate).toBe('5000');
        // an unknown machine is no failure: the page shows that it is not there
        expect(await get('/api/common/machine/detail?id=77', false)).toMatchObject({ code: 200, data: null });
      });

      it('buys with the balance, grants hashrate for the machine days, and sells out', async () => {
        const r = await post('/api/user/machine/buy', { id: machineId });
        expect(r).toMatchObject({ code: 200, data: { state: 'active', hashrate: '5000', price: '100' } });
        expect(await post('/api/user/machine/buy', { id: machineId })).toMatchObject({ code: 200 });
        // H/s in 1e18 fixed point, shown in H/s
        expect(await activeHashrate(t.db.db, u.userId, t.clock.get())).toBe(10_000n * U);
        expect((await get('/api/user/machines')).data.hashrate).toBe('10000');
        const before = await fullSnapshot(t.db);
        expect((await post('/api/user/machine/buy', { id: machineId })).code).toBe(ErrorCode.Conflict);
        expect(await fullSnapshot(t.db)).toEqual(before);
        expect(await getBalance(t.db.db, userAccount(u.userId), 'USDT')).toBe(50n * U);
        t.clock.advance(10 * DAY);
        u = await signIn(t, account('commerce'));
        const mine = await get('/api/user/machines');
        expect(mine.data).toMatchObject({ hashrate: '0', total: 2 });
        expect(mine.data.list[0].state).toBe('expired');
      });
    });

    describe('shop', () => {
      it('orders shares paid at once from the balance of the product asset', async () => {
        const r = await post('/api/user/shop/order', { productId, quantity: 3 });
        expect(r).toMatchObject({
          code: 200,
          data: { state: 'paid', quantity: 3, total: '45', asset: 'FCC' },
        });
        expect(await getBalance(t.db.db, userAccount(u.userId), 'FCC')).toBe(55n * U);
        expect((await post('/api/user/shop/order', { productId, quantity: 3 })).code).toBe(
          ErrorCode.Conflict,
        ); // stock 2 left
      });

      it('moves orders only along the allowed transitions; cancelling a paid order refunds it', async () => {
        const all = Object.keys(SHOP_TRANSITIONS) as (keyof typeof SHOP_TRANSITIONS)[];
        const a = (await post('/api/user/shop/order', { productId, quantity: 1 })).data.id as number;
        for (const to of all) {
          if (SHOP_TRANSITIONS.paid.includes(to)) continue;
          await expect(
            t.db.transaction((tx) => moveShopOrder(tx, a, to, t.clock.get())),
          ).rejects.toMatchObject({
            errorCode: ErrorCode.Conflict,
          });
        }
        await t.db.transaction((tx) => moveShopOrder(tx, a, 'shipped', t.clock.get()));
        expect((await post('/api/user/shop/cancel', { orderId: a })).code).toBe(ErrorCode.Conflict);
        await t.db.transaction((tx) => moveShopOrder(tx, a, 'completed', t.clock.get()));
        for (const to of all) {
          await expect(
            t.db.transaction((tx) => moveShopOrder(tx, a, to, t.clock.get())),
          ).rejects.toMatchObject({
            errorCode: ErrorCode.Conflict,
          });
        }
        const fccBefore = await getBalance(t.db.db, userAccount(u.userId), 'FCC');
        // a closed shop takes no new order but still lets a paid one be cancelled and refunded
        await setModules(t.db.db, { shop: false });
        expect((await post('/api/user/shop/order', { productId, quantity: 1 })).code).toBe(
          ErrorCode.ModuleClosed,
        );
        const c = await post('/api/user/shop/cancel', { orderId: 1 });
        await setModules(t.db.db, { shop: true });
        expect(c).toMatchObject({ code: 200, data: { state: 'cancelled' } });
        expect(await getBalance(t.db.db, userAccount(u.userId), 'FCC')).toBe(fccBefore + 45n * U);
        expect((await post('/api/user/shop/cancel', { orderId: 1 })).code).toBe(ErrorCode.Conflict);
        const orders = await get('/api/user/shop/orders');
        expect(orders.data.list.map((o: { state: string }) => o.state)).toEqual(['completed', 'cancelled']);
        const products = await get('/api/common/shop/products', false);
        expect(products.data.list[0].stock).toBe(4);
      });

      it('shows one product in the caller language, and 404 for an unknown or withdrawn one', async () => {
        const detailId = await upsertProduct(t.db.db, {
          code: 'detail-tea',
          name: { en: 'Green tea', 'zh-Hans': '绿茶' },
          description: { en: 'One tin', 'zh-Hans': '一罐' },
          image: '/demo/tea.svg',
          asset: 'FCC',
          price: 3n * U,
          stock: 0,
        });
        const r = await get(`/api/common/shop/product/detail?id=${detailId}`, false);
        expect(r).toMatchObject({
          code: 200,
          data: {
            id: detailId,
            name: '绿茶',
            description: '一罐',
            image: '/demo/tea.svg',
            price: '3',
            soldOut: true,
          },
        });
        // unknown or withdrawn: no failure, the page shows that it is not there
        expect(await get('/api/common/shop/product/detail?id=99999', false)).toMatchObject({
          code: 200,
          data: null,
        });
        await t.db.db.update(shopProducts).set({ active: false }).where(eq(shopProducts.id, detailId));
        expect(await get(`/api/common/shop/product/detail?id=${detailId}`, false)).toMatchObject({
          code: 200,
          data: null,
        });
      });

      it('lists FCC records from the ledger', async () => {
        await t.db.transaction((tx) =>
          transfer(tx, {
            key: 'fcc-bonus-1',
            from: systemAccount('income'),
            to: userAccount(u.userId),
            asset: 'FCC',
            amount: 2n * U,
            kind: 'fcc_bonus',
          }),
        );
        const r = await get('/api/user/fcc/records');
        expect(r.data.list.map((x: { kind: string; amount: string }) => [x.kind, x.amount])).toEqual([
          ['fcc_bonus', '2'],
          ['shop_refund', '45'],
          ['shop_pay', '-15'],
          ['shop_pay', '-45'],
          ['adjust', '100'],
        ]);
      });
    });

    describe('payment cards', () => {
      it('takes a virtual and a physical application, one live per kind, and shows them', async () => {
        const v = await post('/api/user/card/apply', {
          kind: 'virtual',
          name: 'Ada L',
          phone: '+44 20 7946 0958',
        });
        expect(v).toMatchObject({
          code: 200,
          data: { kind: 'virtual', state: 'submitted', phone: '***0958', address: null },
        });
        expect(
          (await post('/api/user/card/apply', { kind: 'virtual', name: 'Ada L', phone: '+44 20 7946 0958' }))
            .code,
        ).toBe(ErrorCode.Conflict);
        const p = await post('/api/user/card/apply', {
          kind: 'physical',
          name: 'Ada L',
          phone: '12345678',
          address: '1 Main St',
        });
        expect(p.data).toMatchObject({ kind: 'physical', address: '1 Main St' });
        expect((await get('/api/user/cards')).data.list).toHaveLength(2);
      });

      it('moves applications only along submitted → reviewed → issued | rejected', async () => {
        const now = t.clock.get();
        await expect(t.db.transaction((tx) => reviewCard(tx, 1, 'issued', now))).rejects.toMatchObject({
          errorCode: ErrorCode.Conflict,
        });
        // the stored application: times as Dates, the phone whole (only the user's answer masks it)
        const reviewed = await t.db.transaction((tx) => reviewCard(tx, 1, 'reviewed', now));
        expect(reviewed).toMatchObject({ state: 'reviewed', updatedAt: now });
        expect(reviewed.createdAt).toBeInstanceOf(Date);
        expect(reviewed.phone).toBe('+44 20 7946 0958');
        expect((await t.db.transaction((tx) => reviewCard(tx, 1, 'issued', now, 'card sent'))).note).toBe(
          'card sent',
        );
        for (const to of ['submitted', 'reviewed', 'issued', 'rejected'] as const) {
          await expect(t.db.transaction((tx) => reviewCard(tx, 1, to, now))).rejects.toMatchObject({
            errorCode: ErrorCode.Conflict,
          });
        }
        expect((await t.db.transaction((tx) => reviewCard(tx, 2, 'rejected', now))).state).toBe('rejected');
        expect(CARD_TRANSITIONS.rejected).toEqual([]);
        // a rejected application may be followed by a new one of its kind
        const again = await post('/api/user/card/apply', {
          kind: 'physical',
          name: 'Ada L',
          phone: '12345678',
          address: '2 Main St',
        });
        expect(again.code).toBe(200);
        await expect(t.db.transaction((tx) => reviewCard(tx, 99, 'reviewed', now))).rejects.toMatchObject({
          errorCode: ErrorCode.NotFound,
        });
      });
    });
  });
}
