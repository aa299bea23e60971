// Product module routes: switches, sign-in, and bad input answered with coded errors, changing nothing.
import { ErrorCode } from '@free/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, authHeaders, BACKENDS, BASE_HEADERS, setModules, signIn } from '../../../test/helpers.ts';
import { fullSnapshot, fund, makeProductApp, type ProductTestCtx, U } from '../../../test/support/testkit.ts';
import { upsertMachine } from '../../services/machines.ts';
import { upsertProduct } from '../../services/shop.ts';

// every suite runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set
for (const backend of BACKENDS) {
  describe(backend.name, () => {
    let t: ProductTestCtx;
    let token: string;
    let userId: number;
    let machineId: number;
    let productId: number;

    const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...authHeaders(t, token), ...headers },
        payload: payload as object,
      });

    beforeAll(async () => {
      t = await makeProductApp(backend.url);
      ({ token, userId } = await signIn(t, account('modules-user')));
      await fund(t.db, userId, 'USDT', 500n * U);
      await fund(t.db, userId, 'FREE', 500n * U);
      machineId = await upsertMachine(t.db.db, {
        code: 'm1',
        name: { en: 'M1' },
        description: { en: 'd' },
        asset: 'USDT',
        price: 100n * U,
        hashrate: 1000n,
        days: 30,
      });
      productId = await upsertProduct(t.db.db, {
        code: 'p1',
        name: { en: 'P1' },
        description: { en: 'd' },
        asset: 'USDT',
        price: 10n * U,
      });
    });
    afterAll(async () => {
      await t?.app.close();
      await t?.db.close();
    });

    const VALID_POSTS: [string, string, unknown][] = [
      ['chain_pool', '/api/user/pool/contribute', { amount: '10' }],
      ['ai_trade', '/api/user/round/bet', { side: 'up', amount: '10' }],
      ['huan_li_bao', '/api/user/hlb/subscribe', { product: 'flexible', amount: '10' }],
      ['huan_li_bao', '/api/user/hlb/redeem', { orderId: 1 }],
      ['machines', '/api/user/machine/buy', { id: 1 }],
      ['shop', '/api/user/shop/order', { productId: 1, quantity: 1 }],
      ['shop', '/api/user/shop/cancel', { orderId: 1 }],
      ['cards', '/api/user/card/apply', { kind: 'virtual', name: 'A B', phone: '+1 555 0100' }],
    ];

    describe('feature switches', () => {
      it('refuses every POST of a module that is not open with ModuleClosed, changing nothing', async () => {
        const before = await fullSnapshot(t.db);
        for (const [module, url, body] of VALID_POSTS) {
          const r = await post(url, body);
          expect(r.json(), url).toMatchObject({ code: ErrorCode.ModuleClosed, data: null });
          expect(r.json().msg).toContain(module);
        }
        // even a malformed body: the switch answers first
        expect((await post('/api/user/pool/contribute', { nope: 1 })).json().code).toBe(
          ErrorCode.ModuleClosed,
        );
        expect(await fullSnapshot(t.db)).toEqual(before);
      });

      it('serves the public reads while modules are closed', async () => {
        for (const url of [
          '/api/common/pool/stats',
          '/api/common/round/current',
          '/api/common/machines',
          '/api/common/quotes',
        ]) {
          const r = await t.app.inject({ method: 'GET', url, headers: BASE_HEADERS });
          expect(r.json().code, url).toBe(200);
        }
      });

      it('asks for sign-in on the user routes', async () => {
        const r = await t.app.inject({ method: 'GET', url: '/api/user/pool/orders', headers: BASE_HEADERS });
        expect(r.json().code).toBe(ErrorCode.Unauthorized);
        const bad = await t.app.inject({
          method: 'GET',
          url: '/api/user/pool/orders',
          headers: { ...authHeaders(t, token), sign: '00'.repeat(32) },
        });
        expect(bad.json().code).toBe(ErrorCode.BadSignature);
      });
    });

    describe('bad input', () => {
      it('answers a coded error for every malformed or refused POST and changes nothing', async () => {
        await setModules(t.db.db, {
          chain_pool: true,
          ai_trade: true,
          huan_li_bao: true,
          machines: true,
          shop: true,
          cards: true,
        });
        const cases: [string, unknown, number][] = [
          ['/api/user/pool/contribute', { amount: '' }, ErrorCode.EnterInvestAmount],
          ['/api/user/pool/contribute', { amount: 'abc' }, ErrorCode.InvalidAmount],
          ['/api/user/pool/contribute', { amount: '0.5' }, ErrorCode.AmountTooSmall],
          ['/api/user/pool/contribute', { amount: '1000.01' }, ErrorCode.AmountTooLarge],
          ['/api/user/pool/contribute', { amount: '1.0000000000000000001' }, ErrorCode.AmountTooPrecise],
          ['/api/user/pool/contribute', {}, ErrorCode.BadRequest],
          ['/api/user/pool/contribute', { amount: '600' }, ErrorCode.InsufficientBalance],
          ['/api/user/round/bet', { side: 'sideways', amount: '1' }, ErrorCode.BadRequest],
          ['/api/user/round/bet', { side: 'up', amount: '-1' }, ErrorCode.InvalidAmount],
          ['/api/user/round/bet', { side: 'up', amount: '5' }, ErrorCode.Conflict], // no round open
          ['/api/user/hlb/subscribe', { product: 'nope', amount: '10' }, ErrorCode.NotFound],
          ['/api/user/hlb/subscribe', { product: 'fixed_90', amount: '10' }, ErrorCode.BelowMinimum],
          ['/api/user/hlb/subscribe', { product: 'Bad Code', amount: '10' }, ErrorCode.BadRequest],
          ['/api/user/hlb/redeem', { orderId: 0 }, ErrorCode.BadRequest],
          ['/api/user/hlb/redeem', { orderId: 999 }, ErrorCode.NotFound],
          ['/api/user/machine/buy', { id: 'x' }, ErrorCode.BadRequest],
          ['/api/user/machine/buy', { id: 9999 }, ErrorCode.NotFound],
          ['/api/user/shop/order', { productId: 999, quantity: 1 }, ErrorCode.NotFound],
          ['/api/user/shop/order', { productId: 1, quantity: 0 }, ErrorCode.EnterShares],
          ['/api/user/shop/order', { productId: 1, quantity: 1.5 }, ErrorCode.BadRequest],
          ['/api/user/shop/order', { productId: 1, quantity: 51 }, ErrorCode.InsufficientBalance],
          ['/api/user/shop/cancel', { orderId: 999 }, ErrorCode.NotFound],
          ['/api/user/card/apply', { kind: 'virtual', name: 'A', phone: 'call me' }, ErrorCode.BadRequest],
          [
            '/api/user/card/apply',
            { kind: 'physical', name: 'A', phone: '+1 555 0100' },
            ErrorCode.BadRequest,
          ],
          ['/api/user/card/apply', { kind: 'gold', name: 'A', phone: '+1 555 0100' }, ErrorCode.BadRequest],
          [
            '/api/user/card/apply',
            { kind: 'virtual', name: '   ', phone: '+1 555 0100' },
            ErrorCode.BadRequest,
          ],
        ];
        expect(machineId).toBe(1);
        expect(productId).toBe(1);
        const before = await fullSnapshot(t.db);
        for (const [url, body, code] of cases) {
          const r = await post(url, body);
          expect({ url, body, code: r.json().code }).toEqual({ url, body, code });
          expect(r.json().data).toBeNull();
        }
        expect(await fullSnapshot(t.db)).toEqual(before);
      });

      it('refuses a reused idempotency key with other content and keeps the first result', async () => {
        const key = { 'idempotency-key': 'pool-key-0001' };
        const first = await post('/api/user/pool/contribute', { amount: '10' }, key);
        expect(first.json().code).toBe(200);
        const again = await post('/api/user/pool/contribute', { amount: '10' }, key);
        expect(again.json()).toEqual(first.json());
        const before = await fullSnapshot(t.db);
        const other = await post('/api/user/pool/contribute', { amount: '11' }, key);
        expect(other.json().code).toBe(ErrorCode.IdempotencyConflict);
        expect(await fullSnapshot(t.db)).toEqual(before);
      });
    });
  });
}
