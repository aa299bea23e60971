// Chain pool: contribution with the FREE burn at the DEX price, levels, records, pie chart data.
import { ErrorCode } from '@free/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, authHeaders, BACKEND, BASE_HEADERS, setModules, signIn } from '../../test/helpers.ts';
import { fullSnapshot, fund, makeProductApp, type ProductTestCtx, U } from '../../test/support/testkit.ts';
import { getBalance, userAccount } from './ledger.ts';
import { freeForValue, levelFor } from './pool.ts';

// every suite runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set
for (const backend of BACKEND) {
  describe(backend.name, () => {
    let t: ProductTestCtx;
    let a: { token: string; userId: number };
    let b: { token: string; userId: number };

    const contribute = (u: { token: string }, amount: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/pool/contribute',
        headers: authHeaders(t, u.token),
        payload: { amount },
      });
    const get = (u: { token: string } | null, url: string) =>
      t.app
        .inject({ method: 'GET', url, headers: u ? authHeaders(t, u.token) : BASE_HEADERS })
        .then((r) => r.json());

    beforeAll(async () => {
      t = await makeProductApp(backend.url);
      await setModules(t.db.db, { chain_pool: true });
      a = await signIn(t, account('pool-a'));
      b = await signIn(t, account('pool-b'));
      await fund(t.db, a.userId, 1000n * U, 'USDT');
      await fund(t.db, a.userId, 100n * U, 'FREE');
      await fund(t.db, b.userId, 1000n * U, 'USDT');
      await fund(t.db, b.userId, 1n * U, 'FREE');
    });
    afterAll(async () => {
      await t?.app.close();
      await t?.db.close();
    });

    describe('chain pool', () => {
      it('takes USDT and burns 2 % of its value in FREE at the DEX price', async () => {
        t.price.value = U / 2n; // 1 FREE = 0.5 USDT
        const r = (await contribute(a, '100')).json();
        expect(r).toMatchObject({
          code: 200,
          data: {
            amount: '100',
            burnValue: '2',
            freeBurned: '4',
            freePrice: '0.5',
            level: 1,
            state: 'completed',
          },
        });
        expect(await getBalance(t.db.db, userAccount(a.userId), 'USDT')).toBe(900n * U);
        expect(await getBalance(t.db.db, userAccount(a.userId), 'FREE')).toBe(96n * U);
        // the burned FREE waits for the burn job like every off-chain burn
        const burns = await get(a, '/api/user/burn/records');
        expect(burns.data.list[0]).toMatchObject({
          type: 'pool_burn',
          quantity: '4',
          usdt: '2',
          pending: true,
          txHash: null,
        });
      });

      it('rounds the FREE to burn up, never under-charging', () => {
        expect(freeForValue(2n * U, 3n * U)).toBe(666_666_666_666_666_667n);
        expect(freeForValue(2n * U, U / 2n)).toBe(4n * U);
      });

      it('refuses when the FREE for the burn is short, changing nothing', async () => {
        const before = await fullSnapshot(t.db);
        t.price.value = U / 100n; // 2 USDT of value = 200 FREE
        expect((await contribute(b, '100')).json().code).toBe(ErrorCode.InsufficientFree);
        expect(await fullSnapshot(t.db)).toEqual(before);
      });

      it('raises the level with the total contributed and lists contributions and orders', async () => {
        t.price.value = 2n * U;
        expect((await contribute(a, '400')).json().data.level).toBe(2);
        const mine = await get(a, '/api/user/pool/contributions');
        expect(mine.data).toMatchObject({ total: '500', level: 2, nextLevelAt: '1000', count: 2 });
        expect(mine.data.list.map((c: { amount: string }) => c.amount)).toEqual(['400', '100']);
        const orders = await get(a, '/api/user/pool/orders');
        expect(orders.data.list[0]).toMatchObject({ amount: '400', freeBurned: '4', freePrice: '2' });
        // the core's contribution record endpoint reads the same rows
        const core = await get(a, '/api/user/contribute/record');
        expect(core.data.total).toBe(2);
        expect(
          levelFor(
            999n * U,
            ['100', '1000'].map((x) => String(BigInt(x) * U)),
          ),
        ).toBe(1);
      });

      it('answers the pie chart by contribution class', async () => {
        t.price.value = U;
        expect((await contribute(b, '50')).json().code).toBe(200);
        const s = await get(null, '/api/common/pool/stats');
        expect(s.data).toMatchObject({ totalAmount: '550', contributors: 2, burnBps: 200 });
        const byLevel = Object.fromEntries(s.data.classes.map((c: { level: number }) => [c.level, c]));
        expect(byLevel[0]).toMatchObject({ contributors: 1, amount: '50', shareBps: 909 });
        expect(byLevel[2]).toMatchObject({ contributors: 1, amount: '500', shareBps: 9090 });
        expect(s.data.totalFreeBurned).toBe('9');
      });
    });
  });
}
