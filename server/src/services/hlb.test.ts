// Huan Li Bao: subscription, daily static income paid once per day, dynamic income, redemption.

import { ErrorCode } from '@free/protocol';
import { DAY_MS as DAY } from '@free/protocol/constants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, authHeaders, BACKEND, setModules, signIn } from '../../test/helpers.ts';
import { fullSnapshot, fund, makeProductApp, type ProductTestCtx, U } from '../../test/support/testkit.ts';
import { rowsOf } from '../db/client.ts';
import { users as usersTable } from '../db/schema/index.ts';
import { fundFomo } from './fomo.ts';
import { accrueHlb } from './hlb.ts';
import { getBalance, userAccount } from './ledger.ts';
import { writeSetting } from './settings.ts';

// every suite runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set
for (const backend of BACKEND) {
  describe(backend.name, () => {
    let t: ProductTestCtx;
    let inviter: { token: string; userId: number };
    let user: { token: string; userId: number };

    const post = (u: { token: string }, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: authHeaders(t, u.token), payload }).then((r) => r.json());
    const usdt = (id: number) => getBalance(t.db.db, userAccount(id), 'USDT');

    beforeAll(async () => {
      t = await makeProductApp(backend.url);
      await setModules(t.db.db, { huan_li_bao: true });
      const inv = account('hlb-inviter');
      inviter = await signIn(t, inv);
      user = await signIn(t, account('hlb-user'), inv.address);
      await t.db.db.update(usersTable).set({ ignited: true }).where(eq(usersTable.id, inviter.userId));
      // earnings are paid only while the FOMO pool is above its floor (500 FREE by default)
      await fundFomo(t.db.db, 1000n * U, 'hlb-test');
      await fund(t.db, user.userId, 1000n * U, 'USDT');
    });
    afterAll(async () => {
      await t?.app.close();
      await t?.db.close();
    });

    describe('Huan Li Bao', () => {
      it('accrues the daily rate once per whole day, twice-run paying once, with dynamic income to the ignited inviter', async () => {
        const s = await post(user, '/api/user/hlb/subscribe', { product: 'fixed_30', amount: '500' });
        expect(s).toMatchObject({
          code: 200,
          data: { amount: '500', dailyRatePpm: 3000, lockDays: 30, state: 'active' },
        });
        expect(await usdt(user.userId)).toBe(500n * U);
        t.clock.advance(DAY - 1);
        expect((await accrueHlb(t.db, t.clock.get())).paid).toBe(0n);
        t.clock.advance(2 * DAY + 1); // 3 whole days
        expect((await accrueHlb(t.db, t.clock.get())).paid).toBe(45n * 10n ** 17n);
        expect((await accrueHlb(t.db, t.clock.get())).paid).toBe(0n);
        expect(await usdt(user.userId)).toBe(500n * U + 45n * 10n ** 17n);
        // dynamic: 10 % of 1.5 per day
        expect(await usdt(inviter.userId)).toBe(45n * 10n ** 16n);
        const o = (
          await t.app.inject({
            method: 'GET',
            url: '/api/user/hlb/orders',
            headers: authHeaders(t, user.token),
          })
        ).json();
        expect(o.data).toMatchObject({ principal: '500', static: { total: '4.5' }, total: 1 });
        expect(o.data.list[0]).toMatchObject({ staticTotal: '4.5', daysAccrued: 3, redeemable: false });
        const iv = (
          await t.app.inject({
            method: 'GET',
            url: '/api/user/hlb/orders',
            headers: authHeaders(t, inviter.token),
          })
        ).json();
        expect(iv.data.dynamic.total).toBe('0.45');
      });

      it('refuses redemption before the lock ends and a second redemption, changing nothing', async () => {
        const before = await fullSnapshot(t.db);
        expect((await post(user, '/api/user/hlb/redeem', { orderId: 1 })).code).toBe(ErrorCode.Conflict);
        expect((await post(inviter, '/api/user/hlb/redeem', { orderId: 1 })).code).toBe(ErrorCode.NotFound);
        expect(await fullSnapshot(t.db)).toEqual(before);
        t.clock.advance(27 * DAY);
        user = await signIn(t, account('hlb-user')); // the 30-day session has run out
        const r = await post(user, '/api/user/hlb/redeem', { orderId: 1 });
        expect(r).toMatchObject({
          code: 200,
          data: { state: 'redeemed', daysAccrued: 30, staticTotal: '45' },
        });
        expect(await usdt(user.userId)).toBe(1045n * U);
        expect((await post(user, '/api/user/hlb/redeem', { orderId: 1 })).code).toBe(ErrorCode.Conflict);
        t.clock.advance(5 * DAY);
        expect((await accrueHlb(t.db, t.clock.get())).paid).toBe(0n);
      });

      it('redeems a flexible order at any time', async () => {
        user = await signIn(t, account('hlb-user'));
        const s = await post(user, '/api/user/hlb/subscribe', { product: 'flexible', amount: '10' });
        const r = await post(user, '/api/user/hlb/redeem', { orderId: s.data.id });
        expect(r.data.state).toBe('redeemed');
        expect(await usdt(user.userId)).toBe(1045n * U);
      });

      it('redeems while the module is closed, and refuses a new subscription', async () => {
        const s = await post(user, '/api/user/hlb/subscribe', { product: 'flexible', amount: '10' });
        await setModules(t.db.db, { huan_li_bao: false });
        try {
          const refused = await post(user, '/api/user/hlb/subscribe', { product: 'flexible', amount: '10' });
          expect(refused.code).toBe(ErrorCode.ModuleClosed);
          const redeemOnce = () =>
            t.app
              .inject({
                method: 'POST',
                url: '/api/user/hlb/redeem',
                headers: { ...authHeaders(t, user.token), 'idempotency-key': 'hlb-redeem-key-1' },
                payload: { orderId: s.data.id },
              })
              .then((r) => r.json());
          const r = await redeemOnce();
          expect(r.data.state).toBe('redeemed');
          expect(await usdt(user.userId)).toBe(1045n * U);
          // a retry with the same key gets the first answer, not "already redeemed", and pays nothing more
          expect(await redeemOnce()).toEqual(r);
          expect(await usdt(user.userId)).toBe(1045n * U);
        } finally {
          await setModules(t.db.db, { huan_li_bao: true });
        }
      });
    });
  });

  describe(`${backend.name}: below the FOMO floor`, () => {
    let t: ProductTestCtx;
    let user: { token: string; userId: number };
    const post = (u: { token: string }, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: authHeaders(t, u.token), payload }).then((r) => r.json());
    const usdt = (id: number) => getBalance(t.db.db, userAccount(id), 'USDT');

    beforeAll(async () => {
      t = await makeProductApp(backend.url);
      await setModules(t.db.db, { huan_li_bao: true });
      user = await signIn(t, account('hlb-floor'));
      await fund(t.db, user.userId, 1000n * U, 'USDT');
    });
    afterAll(async () => {
      await t?.app.close();
      await t?.db.close();
    });

    it('accrues nothing while the pool is below its floor, then pays the held days once, redeemed orders too', async () => {
      const fixed = await post(user, '/api/user/hlb/subscribe', { product: 'fixed_30', amount: '500' });
      const flexible = await post(user, '/api/user/hlb/subscribe', { product: 'flexible', amount: '100' });
      expect(await usdt(user.userId)).toBe(400n * U);
      t.clock.advance(3 * DAY + 1);
      expect(await accrueHlb(t.db, t.clock.get())).toMatchObject({ paid: 0n, held: true });
      // redeeming below the floor gives the principal back; its income waits like the others
      const r = await post(user, '/api/user/hlb/redeem', { orderId: flexible.data.id });
      expect(r.data).toMatchObject({ state: 'redeemed', daysAccrued: 0 });
      expect(await usdt(user.userId)).toBe(500n * U);
      t.clock.advance(DAY);

      await fundFomo(t.db.db, 600n * U, 'floor-test');
      // fixed: 4 days × 1.5; flexible: the 3 days held before its redemption × 0.1
      expect(await accrueHlb(t.db, t.clock.get())).toMatchObject({
        held: false,
        orders: 2,
        paid: 63n * 10n ** 17n,
      });
      expect(await usdt(user.userId)).toBe(500n * U + 63n * 10n ** 17n);
      expect((await accrueHlb(t.db, t.clock.get())).paid).toBe(0n);
      expect(fixed.data.state).toBe('active');
    });
  });

  describe(`${backend.name}: the daily income budget`, () => {
    let t: ProductTestCtx;
    let user: { token: string; userId: number };
    const usdt = (id: number) => getBalance(t.db.db, userAccount(id), 'USDT');

    beforeAll(async () => {
      t = await makeProductApp(backend.url);
      await setModules(t.db.db, { huan_li_bao: true });
      await fundFomo(t.db.db, 1000n * U, 'hlb-budget');
      user = await signIn(t, account('hlb-budget'));
      await fund(t.db, user.userId, 1000n * U, 'USDT');
    });
    afterAll(async () => {
      await t?.app.close();
      await t?.db.close();
    });

    it('pays Huan Li Bao income within the budget of the day; the rest waits and is paid on later days', async () => {
      // 1000 flexible at 0.1 %/day: 1 USDT a day; the budget lets 1.5 USDT of income out a day
      await writeSetting(t.db.db, 'income_daily_budget_wei', String((15n * U) / 10n));
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/user/hlb/subscribe',
        headers: authHeaders(t, user.token),
        payload: { product: 'flexible', amount: '1000' },
      });
      expect(r.json().code).toBe(200);
      t.clock.advance(3 * DAY + 1);
      // 3 days due, 1 fits today
      expect((await accrueHlb(t.db, t.clock.get())).paid).toBe(U);
      expect((await accrueHlb(t.db, t.clock.get())).paid).toBe(0n);
      const [day] = rowsOf<{ paid: string; held: string }>(
        await t.db.db.execute(
          sql`SELECT paid::text, held::text FROM income_budget_days WHERE day = ${t.clock.get().toISOString().slice(0, 10)}`,
        ),
      );
      // the operator sees what was paid and what waits
      expect(day).toEqual({ paid: String(U), held: String(U) });
      // the next day pays the next held day (and that day's own accrual waits behind it)
      t.clock.advance(DAY);
      expect((await accrueHlb(t.db, t.clock.get())).paid).toBe(U);
      // the budget raised: everything due is paid, nothing lost, nothing twice
      await writeSetting(t.db.db, 'income_daily_budget_wei', null);
      expect((await accrueHlb(t.db, t.clock.get())).paid).toBe(2n * U);
      expect(await usdt(user.userId)).toBe(4n * U);
      expect((await accrueHlb(t.db, t.clock.get())).paid).toBe(0n);
    });
  });
}
