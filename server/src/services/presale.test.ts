// Presale: buying a FREE allocation with USDT at the price, within the quota and the personal limit,
// unlocking linearly through the settlement; refusals change nothing.
import { ErrorCode } from '@free/protocol';
import { DAY_MS as DAY } from '@free/protocol/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, authHeaders, BACKEND, setModules, signIn } from '../../test/helpers.ts';
import { fullSnapshot, fund, makeProductApp, type ProductTestCtx, U } from '../../test/support/testkit.ts';
import { runSettlement } from '../jobs/settlement.ts';
import { fundFomo } from './fomo.ts';
import { getBalance, userAccount } from './ledger.ts';
import { getSetting, writeSetting } from './settings.ts';

for (const backend of BACKEND) {
  describe(backend.name, () => {
    let t: ProductTestCtx;
    let a: { token: string; userId: number };
    let b: { token: string; userId: number };
    const buy = (u: { token: string }, amount: string, key?: string) =>
      t.app
        .inject({
          method: 'POST',
          url: '/api/user/presale/buy',
          headers: { ...authHeaders(t, u.token), ...(key ? { 'idempotency-key': key } : {}) },
          payload: { amount },
        })
        .then((r) => r.json());
    const get = (u: { token: string }, url: string) =>
      t.app.inject({ method: 'GET', url, headers: authHeaders(t, u.token) }).then((r) => r.json());

    beforeAll(async () => {
      t = await makeProductApp(backend.url);
      // 0.5 USDT per FREE, 300 FREE for sale, 200 FREE per user, unlocking over 10 days from tomorrow
      const cfg = await getSetting(t.db.db, 'product.presale');
      await writeSetting(t.db.db, 'product.presale', {
        ...cfg,
        price_usdt_wei: String(U / 2n),
        quota_wei: String(300n * U),
        max_per_user_wei: String(200n * U),
        unlock_after_days: 1,
        unlock_days: 10,
      });
      a = await signIn(t, account('presale-a'));
      b = await signIn(t, account('presale-b'));
      await fund(t.db, a.userId, 500n * U, 'USDT');
      await fund(t.db, b.userId, 500n * U, 'USDT');
      await fundFomo(t.db.db, 1000n * U, 'presale-test');
    });
    afterAll(async () => {
      await t?.app.close();
      await t?.db.close();
    });

    it('refuses while the presale is not open', async () => {
      expect((await buy(a, '10')).code).toBe(ErrorCode.ModuleClosed);
      await setModules(t.db.db, { presale: true });
    });

    it('buys FREE at the price, once per key, and shows it in the presale figures and the quota', async () => {
      const r = await buy(a, '50', 'presale-key-0001');
      expect(r).toMatchObject({ code: 200, data: { free: '100', paidUsdt: '50' } });
      expect(new Date(r.data.unlockTime).getTime()).toBe(t.clock.get().getTime() + DAY);
      expect(new Date(r.data.endTime).getTime()).toBe(t.clock.get().getTime() + 11 * DAY);
      expect((await buy(a, '50', 'presale-key-0001')).data).toEqual(r.data);
      expect(await getBalance(t.db.db, userAccount(a.userId), 'USDT')).toBe(450n * U);
      const info = await get(a, '/api/user/presale');
      expect(info.data).toMatchObject({
        open: true,
        price: '0.5',
        sold: '100',
        remaining: '200',
        mine: '100',
      });
      const quota = await get(a, '/api/user/quota');
      expect(quota.data).toMatchObject({ presale: '100', paymentAmount: '50', reserved: '100' });
    });

    it('refuses above the personal limit or the quota left, changing nothing', async () => {
      const before = await fullSnapshot(t.db);
      expect((await buy(a, '50.5')).code).toBe(ErrorCode.PresaleUserLimit); // 100 + 101 > 200
      expect((await buy(b, '500.01')).code).toBe(ErrorCode.InsufficientBalance);
      expect(await fullSnapshot(t.db)).toEqual(before);
      expect((await buy(b, '90')).code).toBe(200); // 180 FREE: 280 sold
      const again = await fullSnapshot(t.db);
      expect((await buy(b, '10.5')).code).toBe(ErrorCode.PresaleSoldOut); // 21 > 20 left
      expect((await buy(a, '')).code).toBe(ErrorCode.EnterInvestAmount);
      expect(await fullSnapshot(t.db)).toEqual(again);
    });

    it('unlocks linearly into the wallet through the daily settlement', async () => {
      t.clock.advance(6 * DAY); // 5 of the 10 unlock days have passed
      const day = new Date(t.clock.get().getTime() - DAY).toISOString().slice(0, 10);
      await runSettlement(t.db, day);
      const freeNow = await getBalance(t.db.db, userAccount(a.userId), 'FREE');
      expect(freeNow).toBeGreaterThan(0n);
      expect(freeNow).toBeLessThan(100n * U);
      const info = await get(a, '/api/user/airdrop?kind=presale');
      expect(BigInt(info.data.released.split('.')[0])).toBeGreaterThan(0n);
    });
  });
}
