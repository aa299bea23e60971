// HTTP behaviour of the product-money routes: staking with the balance, orders, redemption,
// ignition, burn records, hashrate, airdrop/quota, FOMO — and refusals that change nothing.
import { ErrorCode } from '@free/protocol';
import { DAY_MS as DAY } from '@free/protocol/constants';
import { compoundInterest } from '@free/protocol/staking';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  account,
  BACKENDS,
  closeApp,
  makeApp,
  setModules,
  signIn,
  type TestCtx,
} from '../../../test/helpers.ts';
import {
  authHeaders,
  BASE_HEADERS,
  bal,
  fund,
  snapshot,
  U,
} from '../../../test/support/staking-orders-fixtures.ts';
import { runSettlement } from '../../jobs/settlement.ts';
import { grantAllocation } from '../../services/airdrop.ts';
import { confirmOffchainBurns } from '../../services/burn.ts';
import { fundFomo } from '../../services/fomo.ts';
import { getSetting, writeSetting } from '../../services/settings.ts';

describe.each(BACKENDS)('product-money routes on $name', ({ url }) => {
  let t: TestCtx;
  let n = 0;

  beforeAll(async () => {
    t = await makeApp(url);
    await setModules(t.db.db, { staking_use_balance: true, ignition: true });
    // the suite stakes small amounts: the FREE minimum (100 FREE) has its own test below
    await writeSetting(t.db.db, 'min_investment_free_wei', String(1n * U));
  });
  afterAll(async () => closeApp(t));
  beforeEach(() => {
    n++;
  });

  async function user(usdt = 0n, free = 0n) {
    const who = account(`money-${n}-${Math.random()}`);
    const s = await signIn(t, who);
    if (usdt > 0n) await fund(t.db, s.userId, usdt);
    if (free > 0n) await fund(t.db, s.userId, free, 'FREE');
    // sessions last 30 days: tests that move the clock further sign in again
    return { ...s, again: async () => (await signIn(t, who)).token };
  }

  async function stake(token: string, q: string, key?: string) {
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/user/staking_use_balance?${q}`,
      headers: { ...authHeaders(t, token), ...(key ? { 'idempotency-key': key } : {}) },
    });
    return r.json();
  }
  const get = async (token: string, url: string) =>
    (await t.app.inject({ method: 'GET', url, headers: authHeaders(t, token) })).json();
  const post = async (token: string, url: string, payload?: unknown, key?: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url,
        headers: { ...authHeaders(t, token), ...(key ? { 'idempotency-key': key } : {}) },
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
    ).json();

  describe('POST /api/user/staking_use_balance', () => {
    it('buys an order: principal locked, fee burned-equivalent recorded, listed with its figures', async () => {
      const me = await user(500n * U);
      const body = await stake(me.token, 'amount=100&stakeIndex=0&autoRenew=true', 'buy-key-0001');
      expect(body.code).toBe(200);
      expect(body.data).toMatchObject({
        source: 'balance',
        amount: '100',
        fee: '2',
        principal: '98',
        cycleDays: 7,
        ratePpm: 6000,
        autoRenew: true,
        status: 'active',
        round: 1,
        currentProfit: '0',
        totalRevenue: '0',
      });
      expect(body.data.reward).toBe(
        (await import('../../lib/format.ts')).amt(compoundInterest(98n * U, 6000, 7)),
      );
      expect(new Date(body.data.dueTime).getTime() - new Date(body.data.pledgeTime).getTime()).toBe(7 * DAY);
      expect(await bal(t.db, me.userId)).toBe(400n * U);
      expect(await bal(t.db, me.userId, 'USDT', 'asset')).toBe(98n * U);

      const list = await get(me.token, '/api/user/stake/orders');
      expect(list.data.total).toBe(1);
      expect(list.data.list[0].number).toBe(body.data.number);

      const burns = await get(me.token, '/api/user/burn/records');
      expect(burns.data.list[0]).toMatchObject({
        type: 'stake_fee',
        quantity: '2',
        usdt: '2',
        pending: true,
      });

      const fomo = (
        await t.app.inject({ method: 'GET', url: '/api/common/fomo', headers: BASE_HEADERS })
      ).json();
      expect(fomo.data.participants[0].amount).toBe('100');
      expect(fomo.data.countdownMs).toBe(DAY);
    });

    it('does the work once for a retried Idempotency-Key, and refuses the key with other content', async () => {
      const me = await user(500n * U);
      const a = await stake(me.token, 'amount=10&stakeIndex=1', 'retry-key-0001');
      const b = await stake(me.token, 'amount=10&stakeIndex=1', 'retry-key-0001');
      expect(b.code).toBe(200);
      expect(b.data).toEqual(a.data);
      expect(await bal(t.db, me.userId)).toBe(490n * U);
      const before = await snapshot(t.db);
      const c = await stake(me.token, 'amount=11&stakeIndex=1', 'retry-key-0001');
      expect(c.code).toBe(1202);
      expect(await snapshot(t.db)).toEqual(before);
    });

    it.each([
      ['amount=0.5&stakeIndex=0', 1001],
      ['amount=1000.01&stakeIndex=0', 1002],
      ['amount=abc&stakeIndex=0', 1000],
      ['amount=&stakeIndex=0', 400],
      ['amount=5&stakeIndex=3', 400],
      ['amount=5', 400],
      ['amount=5&stakeIndex=0&autoRenew=maybe', 400],
      ['amount=900&stakeIndex=0', 1004],
    ])('refuses %s with code %i and changes nothing', async (q, code) => {
      const me = await user(100n * U);
      const before = await snapshot(t.db);
      const body = await stake(me.token, q, `bad-${n}-key`);
      expect(body.code).toBe(code);
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('refuses a stake under the minimum investment (FREE at the FREE price) or over the maximum, and says both', async () => {
      const me = await user(500n * U);
      // 40 FREE at 1.5 USDT = 60 USDT; at most 200 USDT
      await writeSetting(t.db.db, 'min_investment_free_wei', String(40n * U));
      await writeSetting(t.db.db, 'max_investment_wei', String(200n * U));
      const money = await getSetting(t.db.db, 'product_money');
      await writeSetting(t.db.db, 'product_money', { ...money, free_price_usdt_wei: String((3n * U) / 2n) });
      try {
        const limits = await get(me.token, '/api/user/staking_limit_info');
        expect(limits.data).toMatchObject({ minStake: '60', maxStake: '200', minInvestmentFree: '40' });
        const before = await snapshot(t.db);
        expect((await stake(me.token, 'amount=59.99&stakeIndex=0')).code).toBe(ErrorCode.BelowMinimum);
        expect((await stake(me.token, 'amount=200.01&stakeIndex=0')).code).toBe(ErrorCode.AboveMaximum);
        expect(await snapshot(t.db)).toEqual(before);
        expect((await stake(me.token, 'amount=60&stakeIndex=0')).code).toBe(200);
        expect((await stake(me.token, 'amount=200&stakeIndex=0')).code).toBe(200);
      } finally {
        await writeSetting(t.db.db, 'min_investment_free_wei', String(1n * U));
        await writeSetting(t.db.db, 'max_investment_wei', String(1000n * U));
        await writeSetting(t.db.db, 'product_money', money);
      }
    });

    it('refuses while the module is closed', async () => {
      const me = await user(100n * U);
      await setModules(t.db.db, { staking_use_balance: false });
      try {
        const before = await snapshot(t.db);
        expect((await stake(me.token, 'amount=5&stakeIndex=0')).code).toBe(1200);
        expect(await snapshot(t.db)).toEqual(before);
      } finally {
        await setModules(t.db.db, { staking_use_balance: true });
      }
    });

    it('refuses a visitor', async () => {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/user/staking_use_balance?amount=5&stakeIndex=0',
        headers: BASE_HEADERS,
      });
      expect(r.json().code).toBe(401);
    });
  });

  describe('on-chain stakes', () => {
    it('lists stakes mirrored by the indexer with balance orders and counts them as FOMO participants', async () => {
      const me = await user(50n * U);
      await stake(me.token, 'amount=50&stakeIndex=0');
      const at = new Date(t.clock.get().getTime() + 1000);
      const addr = (await t.db.db.execute(
        sql`SELECT address FROM users WHERE id = ${me.userId}`,
      )) as unknown as {
        rows: { address: string }[];
      };
      await t.db.db.execute(sql`INSERT INTO chain_stakes (user_address, user_id, stake_index, cycle, amount, principal, fee,
          free_burned, rate_ppm, max_interest, staked_at, stake_tx, block_number)
        VALUES (${addr.rows[0]?.address}, ${me.userId}, 5, 2, ${(200n * U).toString()}, ${(196n * U).toString()},
          ${(4n * U).toString()}, ${(4n * U).toString()}, 12000, 0, ${at.toISOString()}, '0xabc', 1)`);
      const list = await get(me.token, '/api/user/stake/orders');
      expect(list.data.total).toBe(2);
      expect(list.data.list[0]).toMatchObject({
        source: 'chain',
        principal: '196',
        cycleDays: 30,
        status: 'active',
        redeemable: false,
        // the contract's record index, for unstake: not the cycle, not guessed from amount and time
        chainIndex: 5,
      });
      expect(list.data.list[1]).toMatchObject({ source: 'balance', chainIndex: null });
      t.clock.advance(31 * DAY);
      const token = await me.again();
      const matured = await get(token, '/api/user/stake/orders?status=matured');
      expect(matured.data.list.map((o: { source: string }) => o.source).sort()).toEqual(['balance', 'chain']);
      const early = (await get(token, '/api/user/stake/orders')).data.list[0];
      expect(early.redeemable).toBe(false); // the user unstakes on chain
      expect((await post(token, '/api/user/stake/redeem', { orderId: early.id })).code).toBe(400);
      const fomo = (
        await t.app.inject({ method: 'GET', url: '/api/common/fomo', headers: BASE_HEADERS })
      ).json();
      expect(fomo.data.participants[0]).toMatchObject({ amount: '200', time: at.toISOString() });
      expect(fomo.data.unlockTime).toBe(new Date(at.getTime() + DAY).toISOString());
    });
  });

  describe('market-maker bonus of on-chain stakes', () => {
    it('qualifies an on-chain stake by 30-day turnover and credits its FCC at maturity once', async () => {
      const me = await user();
      const [row] = (
        (await t.db.db.execute(sql`SELECT address FROM users WHERE id = ${me.userId}`)) as unknown as {
          rows: { address: string }[];
        }
      ).rows;
      const base = new Date(t.clock.get().getTime());
      for (let i = 0; i < 3; i++) {
        const at = new Date(base.getTime() + i * 3600_000);
        await t.db.db.execute(sql`INSERT INTO chain_stakes (user_address, user_id, stake_index, cycle, amount, principal,
            fee, free_burned, rate_ppm, max_interest, staked_at, stake_tx, block_number)
          VALUES (${row?.address}, ${me.userId}, ${i}, 2, ${(1000n * U).toString()}, ${(980n * U).toString()},
            ${(20n * U).toString()}, 0, 12000, 0, ${at.toISOString()}, ${`0xmm${i}`}, 1)`);
      }
      const list = await get(me.token, '/api/user/stake/orders');
      expect(list.data.list.map((o: { bonusFcc: string }) => o.bonusFcc)).toEqual(['392', '0', '0']);
      await fundFomo(t.db.db, 10_000n * U, `chain-mm-${n}`);
      const dueDay = new Date(base.getTime() + 2 * 3600_000 + 30 * DAY).toISOString().slice(0, 10);
      await runSettlement(t.db, dueDay);
      await runSettlement(t.db, new Date(new Date(dueDay).getTime() + DAY).toISOString().slice(0, 10));
      expect(await bal(t.db, me.userId, 'FCC')).toBe(392n * U);
    });
  });

  describe('redemption', () => {
    it('refuses before maturity, pays principal + the whole interest once after, then refuses again', async () => {
      const me = await user(100n * U);
      const order = (await stake(me.token, 'amount=100&stakeIndex=1')).data;
      const before = await snapshot(t.db);
      const early = await post(me.token, '/api/user/stake/redeem', { orderId: order.id });
      expect(early.code).toBe(409);
      expect(await snapshot(t.db)).toEqual(before);

      t.clock.advance(15 * DAY);
      const done = await post(me.token, '/api/user/stake/redeem', { orderId: order.id });
      expect(done.code).toBe(200);
      const interest = compoundInterest(98n * U, 9000, 15);
      expect(await bal(t.db, me.userId)).toBe(98n * U + interest);
      expect(await bal(t.db, me.userId, 'USDT', 'asset')).toBe(0n);
      expect(done.data.status).toBe('redeemed');

      const again = await post(me.token, '/api/user/stake/redeem', { orderId: order.id });
      expect(again.code).toBe(409);
      expect(await bal(t.db, me.userId)).toBe(98n * U + interest);

      const red = await get(me.token, '/api/user/stake/redemptions');
      expect(red.data.list[0]).toMatchObject({ id: order.id, status: 'redeemed', progress: 100 });
      expect(red.data.redeemedTotal).toBe((await import('../../lib/format.ts')).amt(98n * U + interest));
      const filtered = await get(me.token, '/api/user/stake/orders?status=redeemed');
      expect(filtered.data.total).toBe(1);
    });

    it('pays once for a redeem repeated with the same Idempotency-Key, answering the first result', async () => {
      const me = await user(100n * U);
      const order = (await stake(me.token, 'amount=100&stakeIndex=0')).data;
      t.clock.advance(7 * DAY);
      const first = await post(me.token, '/api/user/stake/redeem', { orderId: order.id }, 'redeem-key-0001');
      expect(first.code).toBe(200);
      const paid = 98n * U + compoundInterest(98n * U, 6000, 7);
      expect(await bal(t.db, me.userId)).toBe(paid);
      const before = await snapshot(t.db);
      const again = await post(me.token, '/api/user/stake/redeem', { orderId: order.id }, 'redeem-key-0001');
      expect(again).toEqual(first);
      expect(await bal(t.db, me.userId)).toBe(paid);
      expect(await snapshot(t.db)).toEqual(before);
      // the key names one redemption: another order under it is refused
      const other = await post(
        me.token,
        '/api/user/stake/redeem',
        { orderId: 'B99999999' },
        'redeem-key-0001',
      );
      expect(other.code).toBe(ErrorCode.IdempotencyConflict);
    });

    it('refuses while the module is closed and changes nothing', async () => {
      const me = await user(10n * U);
      const order = (await stake(me.token, 'amount=10&stakeIndex=0')).data;
      t.clock.advance(7 * DAY);
      await setModules(t.db.db, { staking_use_balance: false });
      try {
        const before = await snapshot(t.db);
        const r = await post(me.token, '/api/user/stake/redeem', { orderId: order.id });
        expect(r.code).toBe(ErrorCode.ModuleClosed);
        expect(await snapshot(t.db)).toEqual(before);
      } finally {
        await setModules(t.db.db, { staking_use_balance: true });
      }
      expect((await post(me.token, '/api/user/stake/redeem', { orderId: order.id })).code).toBe(200);
    });

    it.each([
      [{ orderId: 'nope' }, 400],
      [{ orderId: 'B99999999' }, 404],
      [{}, 400],
    ])('refuses %j and changes nothing', async (payload, code) => {
      const me = await user();
      const before = await snapshot(t.db);
      expect((await post(me.token, '/api/user/stake/redeem', payload)).code).toBe(code);
      expect(await snapshot(t.db)).toEqual(before);
    });

    it("refuses someone else's order", async () => {
      const owner = await user(10n * U);
      const order = (await stake(owner.token, 'amount=10&stakeIndex=0')).data;
      t.clock.advance(7 * DAY);
      const other = await user();
      expect((await post(other.token, '/api/user/stake/redeem', { orderId: order.id })).code).toBe(404);
    });
  });

  describe('market-maker bonus', () => {
    it('gives 20 % of principal twice in FCC once 30-day turnover reaches 3000 USDT, credited at maturity once', async () => {
      const me = await user(3000n * U);
      const a = (await stake(me.token, 'amount=1000&stakeIndex=2')).data;
      const b = (await stake(me.token, 'amount=1000&stakeIndex=2')).data;
      const c = (await stake(me.token, 'amount=1000&stakeIndex=2')).data;
      expect([a.bonusFcc, b.bonusFcc]).toEqual(['0', '0']);
      expect(c.bonusFcc).toBe('392'); // 980 × 20 % × 2
      await fundFomo(t.db.db, 10_000n * U, `mm-${n}`);
      const due = new Date(c.dueTime);
      await runSettlement(t.db, due.toISOString().slice(0, 10));
      expect(await bal(t.db, me.userId, 'FCC')).toBe(392n * U);
      t.clock.now = new Date(due.getTime() + 1);
      const token = await me.again();
      expect((await post(token, '/api/user/stake/redeem', { orderId: c.id })).code).toBe(200);
      expect(await bal(t.db, me.userId, 'FCC')).toBe(392n * U);
    });
  });

  describe('ignition', () => {
    it('burns the configured FREE once, then refuses; the burn waits for on-chain confirmation', async () => {
      const me = await user(0n, 150n * U);
      const fire = await get(me.token, '/api/user/fire');
      expect(fire.data).toMatchObject({ ignited: false, requiredFree: '100', walletFree: '150', open: true });
      const r = await post(me.token, '/api/user/fire/ignite');
      expect(r.code).toBe(200);
      expect(r.msg).toBe('Ignition Successful');
      expect(await bal(t.db, me.userId, 'FREE')).toBe(50n * U);
      const after = await get(me.token, '/api/user/fire');
      expect(after.data.ignited).toBe(true);
      expect(after.data.records[0]).toMatchObject({
        type: 'ignition',
        quantity: '100',
        pending: true,
        onChain: false,
      });
      const id = Number(String(after.data.records[0].id).slice(1));
      expect(await confirmOffchainBurns(t.db.db, { txHash: `0x${'ab'.repeat(32)}`, ids: [id] })).toBe(1);
      expect(await confirmOffchainBurns(t.db.db, { txHash: `0x${'cd'.repeat(32)}`, ids: [id] })).toBe(0);
      const confirmed = (await get(me.token, '/api/user/burn/records')).data.list[0];
      expect(confirmed).toMatchObject({ type: 'ignition', pending: false, txHash: `0x${'ab'.repeat(32)}` });
      const before = await snapshot(t.db);
      expect((await post(me.token, '/api/user/fire/ignite')).code).toBe(1203);
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('refuses without enough FREE and changes nothing', async () => {
      const me = await user(0n, 99n * U);
      const before = await snapshot(t.db);
      expect((await post(me.token, '/api/user/fire/ignite')).code).toBe(1005);
      expect(await snapshot(t.db)).toEqual(before);
      expect((await get(me.token, '/api/user/fire')).data.ignited).toBe(false);
    });
  });

  describe('airdrop, quota, hashrate, fomo', () => {
    it('shows an allocation unlocking linearly, its details and the quota', async () => {
      const me = await user();
      const start = new Date('2026-12-01T00:00:00Z');
      await grantAllocation(t.db.db, {
        userId: me.userId,
        kind: 'airdrop',
        total: 700n * U,
        unlockAt: start,
        endAt: new Date(start.getTime() + 7 * DAY),
        ref: `air-${n}`,
      });
      await grantAllocation(t.db.db, {
        userId: me.userId,
        kind: 'presale',
        total: 300n * U,
        paidUsdt: 30n * U,
        unlockAt: start,
        endAt: new Date(start.getTime() + 3 * DAY),
        ref: `pre-${n}`,
      });
      await fundFomo(t.db.db, 10_000n * U, `air-${n}`);
      await runSettlement(t.db, '2026-12-01');
      t.clock.now = new Date('2026-12-02T08:00:00Z');
      const air = await get(me.token, '/api/user/airdrop');
      expect(air.data).toMatchObject({
        kind: 'airdrop',
        personal: '700',
        released: '100',
        unlockTime: start.toISOString(),
        ended: false,
      });
      expect(await bal(t.db, me.userId, 'FREE', 'airdrop')).toBe(100n * U);
      expect(await bal(t.db, me.userId, 'FREE', 'wallet')).toBe(100n * U);
      const unlocks = await get(me.token, '/api/user/airdrop/unlocks');
      expect(unlocks.data.total).toBe(2);
      const quota = await get(me.token, '/api/user/quota');
      expect(quota.data).toEqual({
        total: '1000',
        reserved: '800',
        deducted: '200',
        paymentAmount: '30',
        presale: '300',
        airdrop: '700',
      });
      // the unlocks are income kinds of /api/user/income_info
      const income = await get(me.token, '/api/user/income_info');
      const kind = (k: string) => income.data.list.find((i: { kind: string }) => i.kind === k);
      expect(kind('airdrop_unlock').total.FREE).toBe('100');
      expect(kind('presale_unlock').total.FREE).toBe('100');
      const presale = await get(me.token, '/api/user/airdrop?kind=presale');
      expect(presale.data.released).toBe('100');
      expect((await get(me.token, '/api/user/airdrop?kind=other')).code).toBe(400);
    });

    it('answers the hashrate of a user with nothing yet as zeros', async () => {
      const me = await user();
      const h = await get(me.token, '/api/user/hashrate');
      expect(h.code).toBe(200);
      expect(h.data).toMatchObject({ own: '0', directBonus: '0', teamBonus: '0', total: '0' });
    });
  });
});
