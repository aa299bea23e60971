// HTTP behaviour of the staking routes: staking with the balance, the order list with the on-chain
// stakes, redemption, the market-maker bonus — and refusals that change nothing.
import { ErrorCode } from '@free/protocol';
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { DAY_MS as DAY } from '@free/protocol/constants';
import { compoundInterest } from '@free/protocol/staking';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeaders, BACKEND, BASE_HEADERS, setModules } from '../../../test/helpers.ts';
import { routeSuite } from '../../../test/support/route-suite.ts';
import { bal } from '../../../test/support/staking-orders-fixtures.ts';
import { rowsOf } from '../../db/client.ts';
import { runSettlement } from '../../jobs/settlement.ts';
import { amt } from '../../lib/format.ts';
import { dashboard } from '../../services/admin-dashboard.ts';
import { fundFomo } from '../../services/fomo.ts';
import { setQuote } from '../../services/quotes.ts';
import { getSetting, writeSetting } from '../../services/settings.ts';
import { payHeldInterest } from '../../services/staking-orders.ts';

describe.each(BACKEND)('staking routes on $name', ({ url }) => {
  const s = routeSuite(url, {
    label: 'staking',
    modules: { staking_use_balance: true },
    // the suite stakes small amounts: the FREE minimum (100 FREE) has its own test below
    setup: (t) => writeSetting(t.db.db, 'min_investment_free_wei', String(1n * U)),
  });

  async function stake(token: string, q: string, key?: string) {
    const r = await s.t.app.inject({
      method: 'POST',
      url: `/api/user/staking_use_balance?${q}`,
      headers: { ...authHeaders(s.t, token), ...(key ? { 'idempotency-key': key } : {}) },
    });
    return r.json();
  }

  describe('POST /api/user/staking_use_balance', () => {
    it('buys an order: principal locked, fee burned-equivalent recorded, listed with its figures', async () => {
      const me = await s.user(500n * U);
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
      expect(body.data.reward).toBe(amt(compoundInterest(98n * U, 6000, 7)));
      expect(new Date(body.data.dueTime).getTime() - new Date(body.data.pledgeTime).getTime()).toBe(7 * DAY);
      expect(await bal(s.t.db, me.userId)).toBe(400n * U);
      expect(await bal(s.t.db, me.userId, 'USDT', 'asset')).toBe(98n * U);

      const list = await s.get(me.token, '/api/user/stake/orders');
      expect(list.data.total).toBe(1);
      expect(list.data.list[0].number).toBe(body.data.number);

      const burns = await s.get(me.token, '/api/user/burn/records');
      expect(burns.data.list[0]).toMatchObject({
        type: 'stake_fee',
        quantity: '2',
        usdt: '2',
        pending: true,
      });

      const fomo = await s.get(null, '/api/common/fomo');
      expect(fomo.data.participants[0].amount).toBe('100');
      expect(fomo.data.countdownMs).toBe(DAY);
    });

    it('does the work once for a retried Idempotency-Key, and refuses the key with other content', async () => {
      const me = await s.user(500n * U);
      const a = await stake(me.token, 'amount=10&stakeIndex=1', 'retry-key-0001');
      const b = await stake(me.token, 'amount=10&stakeIndex=1', 'retry-key-0001');
      expect(b.code).toBe(200);
      expect(b.data).toEqual(a.data);
      expect(await bal(s.t.db, me.userId)).toBe(490n * U);
      const before = await s.snapshot();
      const c = await stake(me.token, 'amount=11&stakeIndex=1', 'retry-key-0001');
      expect(c.code).toBe(1202);
      expect(await s.snapshot()).toEqual(before);
    });

    it('answers a retry with the first answer byte for byte, amounts and times included, however late', async () => {
      const me = await s.user(500n * U);
      const buy = () =>
        s.t.app.inject({
          method: 'POST',
          url: '/api/user/staking_use_balance?amount=12.345678901234567891&stakeIndex=1',
          headers: { ...authHeaders(s.t, me.token), 'idempotency-key': 'bytes-key-0001' },
        });
      const first = await buy();
      // days later the order has accrued: an answer computed again would differ
      s.t.clock.advance(3 * DAY);
      const again = await buy();
      expect(again.body).toBe(first.body);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      const data = first.json().data;
      expect(data).toMatchObject({ amount: '12.345678901234567891', progress: 0, currentProfit: '0' });
      expect(data.pledgeTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const listed = (await s.get(me.token, '/api/user/stake/orders')).data.list[0];
      expect(listed.progress).toBeGreaterThan(0);
      expect(await bal(s.t.db, me.userId)).toBe(500n * U - 12345678901234567891n);
    });

    it.each([
      ['amount=0.5&stakeIndex=0', 1001],
      ['amount=1000.01&stakeIndex=0', 1002],
      ['amount=abc&stakeIndex=0', 1000],
      ['amount=&stakeIndex=0', 1008],
      ['amount=5&stakeIndex=3', 400],
      ['amount=5', 400],
      ['amount=5&stakeIndex=0&autoRenew=maybe', 400],
      ['amount=900&stakeIndex=0', 1004],
    ])('refuses %s with code %i and changes nothing', async (q, code) => {
      const me = await s.user(100n * U);
      const before = await s.snapshot();
      const body = await stake(me.token, q, `bad-${me.userId}-key`);
      expect(body.code).toBe(code);
      expect(await s.snapshot()).toEqual(before);
    });

    it('refuses a stake under the minimum investment (FREE at the FREE price) or over the maximum, and says both', async () => {
      const me = await s.user(500n * U);
      // 40 FREE at 1.5 USDT = 60 USDT; at most 200 USDT
      await writeSetting(s.t.db.db, 'min_investment_free_wei', String(40n * U));
      await writeSetting(s.t.db.db, 'max_investment_wei', String(200n * U));
      const money = await getSetting(s.t.db.db, 'product_money');
      await writeSetting(s.t.db.db, 'product_money', {
        ...money,
        free_price_usdt_wei: String((3n * U) / 2n),
      });
      try {
        const limits = await s.get(me.token, '/api/user/staking_limit_info');
        expect(limits.data).toMatchObject({ minStake: '60', maxStake: '200', minInvestmentFree: '40' });
        const before = await s.snapshot();
        expect((await stake(me.token, 'amount=59.99&stakeIndex=0')).code).toBe(ErrorCode.BelowMinimum);
        expect((await stake(me.token, 'amount=200.01&stakeIndex=0')).code).toBe(ErrorCode.AboveMaximum);
        expect(await s.snapshot()).toEqual(before);
        expect((await stake(me.token, 'amount=60&stakeIndex=0')).code).toBe(200);
        expect((await stake(me.token, 'amount=200&stakeIndex=0')).code).toBe(200);
      } finally {
        await writeSetting(s.t.db.db, 'min_investment_free_wei', String(1n * U));
        await writeSetting(s.t.db.db, 'max_investment_wei', String(1000n * U));
        await writeSetting(s.t.db.db, 'product_money', money);
      }
    });

    it('values the FREE minimum at the FREE quote (the DEX price) once one is known, and burns the fee at it', async () => {
      const me = await s.user(500n * U);
      await writeSetting(s.t.db.db, 'min_investment_free_wei', String(100n * U));
      // the configured 1 USDT per FREE would make 100 FREE a 100 USDT minimum; the DEX says 0.10
      await setQuote(s.t.db.db, { symbol: 'FREE', price: U / 10n, source: 'dex', now: s.t.clock.get() });
      try {
        const limits = await s.get(me.token, '/api/user/staking_limit_info');
        expect(limits.data).toMatchObject({ minStake: '10', minInvestmentFree: '100' });
        const before = await s.snapshot();
        expect((await stake(me.token, 'amount=9.99&stakeIndex=0')).code).toBe(ErrorCode.BelowMinimum);
        expect(await s.snapshot()).toEqual(before);
        const ok = await stake(me.token, 'amount=10&stakeIndex=0');
        expect(ok.code).toBe(200);
        // the fee (2 % of 10 USDT = 0.2 USDT) is burned as FREE at the same price: 2 FREE
        const [burn] = rowsOf<{ free: string }>(
          await s.t.db.db.execute(
            sql`SELECT free_amount::text AS free FROM product_burns WHERE ref = ${`stake_fee:${ok.data.id}`}`,
          ),
        );
        expect(burn?.free).toBe(String(2n * U));
      } finally {
        await s.t.db.db.execute(sql`DELETE FROM quotes WHERE symbol = 'FREE'`);
        await writeSetting(s.t.db.db, 'min_investment_free_wei', String(1n * U));
      }
    });

    it('asks for the investment amount when it is empty, changing nothing', async () => {
      const me = await s.user(100n * U);
      const before = await s.snapshot();
      const r = await stake(me.token, 'amount=&stakeIndex=0');
      expect(r.code).toBe(ErrorCode.EnterInvestAmount);
      expect(r.msg).toMatch(/^Please enter the investment amount/);
      expect(await s.snapshot()).toEqual(before);
    });

    it('refuses while the module is closed', async () => {
      const me = await s.user(100n * U);
      await setModules(s.t.db.db, { staking_use_balance: false });
      try {
        const before = await s.snapshot();
        expect((await stake(me.token, 'amount=5&stakeIndex=0')).code).toBe(1200);
        expect(await s.snapshot()).toEqual(before);
      } finally {
        await setModules(s.t.db.db, { staking_use_balance: true });
      }
    });

    it('refuses a visitor', async () => {
      const r = await s.t.app.inject({
        method: 'POST',
        url: '/api/user/staking_use_balance?amount=5&stakeIndex=0',
        headers: BASE_HEADERS,
      });
      expect(r.json().code).toBe(401);
    });
  });

  describe('on-chain stakes', () => {
    it('lists stakes mirrored by the indexer with balance orders and counts them as FOMO participants', async () => {
      const me = await s.user(50n * U);
      await stake(me.token, 'amount=50&stakeIndex=0');
      const at = new Date(s.t.clock.get().getTime() + 1000);
      const addr = (await s.t.db.db.execute(
        sql`SELECT address FROM users WHERE id = ${me.userId}`,
      )) as unknown as {
        rows: { address: string }[];
      };
      await s.t.db.db.execute(sql`INSERT INTO chain_stakes (user_address, user_id, stake_index, cycle, amount, principal, fee,
          free_burned, rate_ppm, max_interest, staked_at, stake_tx, block_number)
        VALUES (${addr.rows[0]?.address}, ${me.userId}, 5, 2, ${(200n * U).toString()}, ${(196n * U).toString()},
          ${(4n * U).toString()}, ${(4n * U).toString()}, 12000, 0, ${at.toISOString()}, '0xabc', 1)`);
      const list = await s.get(me.token, '/api/user/stake/orders');
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
      s.t.clock.advance(31 * DAY);
      const token = await me.again();
      const matured = await s.get(token, '/api/user/stake/orders?status=matured');
      expect(matured.data.list.map((o: { source: string }) => o.source).sort()).toEqual(['balance', 'chain']);
      const early = (await s.get(token, '/api/user/stake/orders')).data.list[0];
      expect(early.redeemable).toBe(false); // the user unstakes on chain
      expect((await s.post(token, '/api/user/stake/redeem', { orderId: early.id })).code).toBe(400);
      const fomo = await s.get(null, '/api/common/fomo');
      expect(fomo.data.participants[0]).toMatchObject({ amount: '200', time: at.toISOString() });
      expect(fomo.data.unlockTime).toBe(new Date(at.getTime() + DAY).toISOString());
    });
  });

  describe('auto-renew of on-chain stakes', () => {
    it('sets it on an active on-chain stake of the caller only, and says why otherwise', async () => {
      const me = await s.user(500n * U);
      const other = await s.user();
      const [row] = (
        (await s.t.db.db.execute(sql`SELECT address FROM users WHERE id = ${me.userId}`)) as unknown as {
          rows: { address: string }[];
        }
      ).rows;
      const at = new Date(s.t.clock.get().getTime() - DAY);
      for (const [index, status] of [
        [0, 'active'],
        [1, 'redeemed'],
      ] as const) {
        await s.t.db.db.execute(sql`INSERT INTO chain_stakes (user_address, user_id, stake_index, cycle, amount, principal,
            fee, free_burned, rate_ppm, max_interest, staked_at, stake_tx, block_number, status)
          VALUES (${row?.address}, ${me.userId}, ${index}, 0, ${(100n * U).toString()}, ${(98n * U).toString()},
            ${(2n * U).toString()}, 0, 6000, 0, ${at.toISOString()}, ${`0xauto${index}`}, 1, ${status})`);
      }
      const chain = (await s.get(me.token, '/api/user/stake/orders')).data.list as {
        id: string;
        status: string;
      }[];
      const open = chain.find((o) => o.status === 'active');
      const closed = chain.find((o) => o.status === 'redeemed');
      if (!open || !closed) throw new Error('fixture orders missing');
      const on = await s.post(me.token, '/api/user/stake/auto_renew', { orderId: open.id, autoRenew: true });
      expect(on.code).toBe(200);
      expect(on.data).toMatchObject({ id: open.id, source: 'chain', autoRenew: true });
      const listed = (await s.get(me.token, '/api/user/stake/orders')).data.list as {
        id: string;
        autoRenew: boolean;
      }[];
      expect(listed.find((o) => o.id === open.id)?.autoRenew).toBe(true);
      // not the caller's: not found, and unchanged
      const foreign = await s.post(other.token, '/api/user/stake/auto_renew', {
        orderId: open.id,
        autoRenew: false,
      });
      expect(foreign.code).toBe(404);
      // closed: refused
      expect(
        (await s.post(me.token, '/api/user/stake/auto_renew', { orderId: closed.id, autoRenew: true })).code,
      ).toBe(409);
      // a balance order chooses when it is bought
      const bought = await stake(me.token, 'amount=100&stakeIndex=0');
      expect(
        (await s.post(me.token, '/api/user/stake/auto_renew', { orderId: bought.data.id, autoRenew: true }))
          .code,
      ).toBe(400);
      const after = (await s.get(me.token, '/api/user/stake/orders')).data.list as {
        id: string;
        autoRenew: boolean;
      }[];
      expect(after.find((o) => o.id === open.id)?.autoRenew).toBe(true);
      expect(after.find((o) => o.id === closed.id)?.autoRenew).toBe(false);
      expect(after.find((o) => o.id === bought.data.id)?.autoRenew).toBe(false);
    });
  });

  describe('cycle length of on-chain stakes', () => {
    it('keeps the contract’s 7/15/30 days when an operator edits the cycles setting', async () => {
      const me = await s.user();
      const [row] = (
        (await s.t.db.db.execute(sql`SELECT address FROM users WHERE id = ${me.userId}`)) as unknown as {
          rows: { address: string }[];
        }
      ).rows;
      const at = new Date(s.t.clock.get().getTime() + 1000);
      await s.t.db.db.execute(sql`INSERT INTO chain_stakes (user_address, user_id, stake_index, cycle, amount, principal, fee,
          free_burned, rate_ppm, max_interest, staked_at, stake_tx, block_number)
        VALUES (${row?.address}, ${me.userId}, 9, 0, ${(100n * U).toString()}, ${(98n * U).toString()},
          ${(2n * U).toString()}, ${(2n * U).toString()}, 6000, 0, ${at.toISOString()}, '0xcycle', 1)`);
      const before = (await s.get(me.token, '/api/user/stake/orders')).data.list[0];
      expect(before).toMatchObject({ source: 'chain', cycleDays: 7 });
      expect(before.dueTime).toBe(new Date(at.getTime() + 7 * DAY).toISOString());
      const cycles = await getSetting(s.t.db.db, 'cycles');
      await writeSetting(s.t.db.db, 'cycles', [{ ...cycles[0], days: 10 }, cycles[1], cycles[2]]);
      try {
        // the stake is the contract's: it matures on day 7 whatever the setting (new balance orders follow it)
        const after = (await s.get(me.token, '/api/user/stake/orders')).data.list[0];
        expect(after).toMatchObject({ cycleDays: 7, dueTime: before.dueTime });
        s.t.clock.advance(8 * DAY);
        const token = await me.again();
        const matured = (await s.get(token, '/api/user/stake/orders?status=matured')).data.list;
        expect(matured.map((o: { id: string }) => o.id)).toContain(before.id);
      } finally {
        await writeSetting(s.t.db.db, 'cycles', cycles);
      }
    });
  });

  describe('market-maker bonus of on-chain stakes', () => {
    it('qualifies an on-chain stake by 30-day turnover and credits its FCC at maturity once', async () => {
      const me = await s.user();
      const [row] = (
        (await s.t.db.db.execute(sql`SELECT address FROM users WHERE id = ${me.userId}`)) as unknown as {
          rows: { address: string }[];
        }
      ).rows;
      const base = new Date(s.t.clock.get().getTime());
      for (let i = 0; i < 3; i++) {
        const at = new Date(base.getTime() + i * 3600_000);
        await s.t.db.db.execute(sql`INSERT INTO chain_stakes (user_address, user_id, stake_index, cycle, amount, principal,
            fee, free_burned, rate_ppm, max_interest, staked_at, stake_tx, block_number)
          VALUES (${row?.address}, ${me.userId}, ${i}, 2, ${(1000n * U).toString()}, ${(980n * U).toString()},
            ${(20n * U).toString()}, 0, 12000, 0, ${at.toISOString()}, ${`0xmm${i}`}, 1)`);
      }
      const list = await s.get(me.token, '/api/user/stake/orders');
      expect(list.data.list.map((o: { bonusFcc: string }) => o.bonusFcc)).toEqual(['392', '0', '0']);
      await fundFomo(s.t.db.db, 10_000n * U, `chain-mm-${me.userId}`);
      const dueDay = new Date(base.getTime() + 2 * 3600_000 + 30 * DAY).toISOString().slice(0, 10);
      await runSettlement(s.t.db, dueDay);
      await runSettlement(s.t.db, new Date(new Date(dueDay).getTime() + DAY).toISOString().slice(0, 10));
      expect(await bal(s.t.db, me.userId, 'FCC')).toBe(392n * U);
    });
  });

  describe('redemption', () => {
    it('refuses before maturity, pays principal + the whole interest once after, then refuses again', async () => {
      const me = await s.user(100n * U);
      const order = (await stake(me.token, 'amount=100&stakeIndex=1')).data;
      const before = await s.snapshot();
      const early = await s.post(me.token, '/api/user/stake/redeem', { orderId: order.id });
      expect(early.code).toBe(409);
      expect(await s.snapshot()).toEqual(before);

      s.t.clock.advance(15 * DAY);
      const done = await s.post(me.token, '/api/user/stake/redeem', { orderId: order.id });
      expect(done.code).toBe(200);
      const interest = compoundInterest(98n * U, 9000, 15);
      expect(await bal(s.t.db, me.userId)).toBe(98n * U + interest);
      expect(await bal(s.t.db, me.userId, 'USDT', 'asset')).toBe(0n);
      expect(done.data.status).toBe('redeemed');

      const again = await s.post(me.token, '/api/user/stake/redeem', { orderId: order.id });
      expect(again.code).toBe(409);
      expect(await bal(s.t.db, me.userId)).toBe(98n * U + interest);

      const red = await s.get(me.token, '/api/user/stake/redemptions');
      expect(red.data.list[0]).toMatchObject({ id: order.id, status: 'redeemed', progress: 100 });
      expect(red.data.redeemedTotal).toBe(amt(98n * U + interest));
      const filtered = await s.get(me.token, '/api/user/stake/orders?status=redeemed');
      expect(filtered.data.total).toBe(1);
    });

    it('returns the principal when the income budget is reached, holds the interest and pays it once on a later day', async () => {
      const me = await s.user(100n * U);
      const order = (await stake(me.token, 'amount=100&stakeIndex=1')).data;
      const interest = compoundInterest(98n * U, 9000, 15);
      // a budget smaller than the interest: today it cannot be paid
      await writeSetting(s.t.db.db, 'income_daily_budget_wei', String(interest - 1n));
      s.t.clock.advance(15 * DAY);
      const done = await s.post(me.token, '/api/user/stake/redeem', { orderId: order.id });
      expect(done.code).toBe(200);
      // the answer does not claim the interest was paid: it shows it as held
      expect(done.data).toMatchObject({
        status: 'redeemed',
        redeemedAmount: amt(98n * U),
        interestHeld: amt(interest),
        totalRevenue: '0',
      });
      expect(await bal(s.t.db, me.userId)).toBe(98n * U);
      expect(await bal(s.t.db, me.userId, 'USDT', 'asset')).toBe(0n);
      // the operator sees what waits, today's paid income and the budget
      const dash = await dashboard(s.t.db.db, s.t.config, null, undefined, s.t.clock.get());
      expect(dash.incomeBudget).toMatchObject({
        budget: interest - 1n,
        lastHeld: interest,
        heldInterest: { count: 1, amount: interest },
      });
      // the same day's budget still does not allow it
      expect(await payHeldInterest(s.t.db, s.t.clock.get())).toBe(0);
      expect(await bal(s.t.db, me.userId)).toBe(98n * U);

      // a later day with budget left (here: the budget lifted) pays it, once
      await writeSetting(s.t.db.db, 'income_daily_budget_wei', null);
      s.t.clock.advance(DAY);
      expect(await payHeldInterest(s.t.db, s.t.clock.get())).toBe(1);
      expect(await payHeldInterest(s.t.db, s.t.clock.get())).toBe(0);
      expect(await bal(s.t.db, me.userId)).toBe(98n * U + interest);
      const after = await dashboard(s.t.db.db, s.t.config, null, undefined, s.t.clock.get());
      expect(after.incomeBudget).toMatchObject({ budget: null, heldInterest: { count: 0, amount: 0n } });
      expect(after.incomeBudget.paid).not.toBe(0n); // the held interest now counts as paid today
      const red = await s.get(me.token, '/api/user/stake/redemptions');
      expect(red.data.list[0]).toMatchObject({
        id: order.id,
        interestHeld: '0',
        redeemedAmount: amt(98n * U + interest),
        totalRevenue: amt(interest),
      });
    });

    it('pays once for a redeem repeated with the same Idempotency-Key, answering the first result', async () => {
      const me = await s.user(100n * U);
      const order = (await stake(me.token, 'amount=100&stakeIndex=0')).data;
      s.t.clock.advance(7 * DAY);
      const first = await s.post(
        me.token,
        '/api/user/stake/redeem',
        { orderId: order.id },
        'redeem-key-0001',
      );
      expect(first.code).toBe(200);
      const paid = 98n * U + compoundInterest(98n * U, 6000, 7);
      expect(await bal(s.t.db, me.userId)).toBe(paid);
      const before = await s.snapshot();
      const again = await s.post(
        me.token,
        '/api/user/stake/redeem',
        { orderId: order.id },
        'redeem-key-0001',
      );
      expect(again).toEqual(first);
      expect(await bal(s.t.db, me.userId)).toBe(paid);
      expect(await s.snapshot()).toEqual(before);
      // the key names one redemption: another order under it is refused
      const other = await s.post(
        me.token,
        '/api/user/stake/redeem',
        { orderId: 'B99999999' },
        'redeem-key-0001',
      );
      expect(other.code).toBe(ErrorCode.IdempotencyConflict);
    });

    it('redeems a matured order while the module is closed: a switch stops new stakes, never holds money', async () => {
      const me = await s.user(20n * U);
      const order = (await stake(me.token, 'amount=10&stakeIndex=0')).data;
      s.t.clock.advance(7 * DAY);
      await setModules(s.t.db.db, { staking_use_balance: false });
      try {
        const before = await s.snapshot();
        expect((await stake(me.token, 'amount=10&stakeIndex=0')).code).toBe(ErrorCode.ModuleClosed);
        expect(await s.snapshot()).toEqual(before);
        const r = await s.post(me.token, '/api/user/stake/redeem', { orderId: order.id });
        expect(r.code).toBe(200);
        expect(r.data.status).toBe('redeemed');
      } finally {
        await setModules(s.t.db.db, { staking_use_balance: true });
      }
    });

    it.each([
      [{ orderId: 'nope' }, 400],
      [{ orderId: 'B99999999' }, 404],
      [{}, 400],
    ])('refuses %j and changes nothing', async (payload, code) => {
      const me = await s.user();
      const before = await s.snapshot();
      expect((await s.post(me.token, '/api/user/stake/redeem', payload)).code).toBe(code);
      expect(await s.snapshot()).toEqual(before);
    });

    it("refuses someone else's order", async () => {
      const owner = await s.user(10n * U);
      const order = (await stake(owner.token, 'amount=10&stakeIndex=0')).data;
      s.t.clock.advance(7 * DAY);
      const other = await s.user();
      expect((await s.post(other.token, '/api/user/stake/redeem', { orderId: order.id })).code).toBe(404);
    });
  });

  describe('renewal of a balance order by its owner', () => {
    const teamOf = async (userId: number) =>
      rowsOf<{ own_principal: string; active_stakes: number; mm_stakes: number; is_market_maker: boolean }>(
        await s.t.db.db.execute(sql`SELECT own_principal::text, active_stakes, mm_stakes, is_market_maker
          FROM team_stats WHERE user_id = ${userId}`),
      )[0];

    it('renews a matured order into the cycle picked: interest paid, a new round at that cycle’s terms, no fee', async () => {
      const me = await s.user(100n * U);
      const order = (await stake(me.token, 'amount=100&stakeIndex=0&autoRenew=true')).data;
      const into = { orderId: order.id, stakeIndex: 2, minRatePpm: 12_000 };
      const before = await s.snapshot();
      const early = await s.post(me.token, '/api/user/stake/renew', into, 'renew-early-0001');
      expect(early.code).toBe(409);
      expect(await s.snapshot()).toEqual(before);

      s.t.clock.advance(7 * DAY);
      const done = await s.post(me.token, '/api/user/stake/renew', into, 'renew-key-0001');
      expect(done.code).toBe(200);
      const now = s.t.clock.get();
      expect(done.data).toMatchObject({
        source: 'balance',
        status: 'active',
        cycle: 2,
        cycleDays: 30,
        ratePpm: 12_000,
        fee: '0',
        principal: '98',
        round: 2,
        autoRenew: true,
        pledgeTime: now.toISOString(),
        dueTime: new Date(now.getTime() + 30 * DAY).toISOString(),
      });
      expect(done.data.reward).toBe(amt(compoundInterest(98n * U, 12_000, 30)));
      // the old round's interest reached the wallet; the principal stays locked for the new round
      const interest = compoundInterest(98n * U, 6000, 7);
      expect(await bal(s.t.db, me.userId)).toBe(interest);
      expect(await bal(s.t.db, me.userId, 'USDT', 'asset')).toBe(98n * U);
      const renewed = await s.get(me.token, '/api/user/stake/orders?status=renewed');
      expect(renewed.data.list).toMatchObject([{ id: order.id, totalRevenue: amt(interest) }]);
      // the one active stake moved to the market-maker cycle
      expect(await teamOf(me.userId)).toEqual({
        own_principal: (98n * U).toString(),
        active_stakes: 1,
        mm_stakes: 1,
        is_market_maker: true,
      });

      // a retry answers the first result and changes nothing; the order cannot renew twice
      const after = await s.snapshot();
      expect(await s.post(me.token, '/api/user/stake/renew', into, 'renew-key-0001')).toEqual(done);
      expect(await s.snapshot()).toEqual(after);
      expect((await s.post(me.token, '/api/user/stake/renew', into, 'renew-key-0002')).code).toBe(409);
      expect(await s.snapshot()).toEqual(after);

      // the settlement of the old round's last day pays nothing more and renews nothing again
      await fundFomo(s.t.db.db, 10_000n * U, `renew-${me.userId}`);
      await runSettlement(s.t.db, now.toISOString().slice(0, 10));
      expect(await bal(s.t.db, me.userId)).toBe(interest);
      expect((await s.get(me.token, '/api/user/stake/orders')).data.total).toBe(2);
    });

    it('turns 20 % of principal + interest into computing power when the third round is renewed, as settlement does', async () => {
      const me = await s.user(100n * U);
      let order = (await stake(me.token, 'amount=100&stakeIndex=0')).data;
      for (let round = 1; round <= 3; round++) {
        s.t.clock.advance(7 * DAY);
        const r = await s.post(me.token, '/api/user/stake/renew', {
          orderId: order.id,
          stakeIndex: 0,
          minRatePpm: 6000,
        });
        expect(r.code).toBe(200);
        order = r.data;
      }
      const p = 98n * U;
      const contribution = ((p + compoundInterest(p, 6000, 7)) * 2000n) / 10_000n;
      expect(order).toMatchObject({ round: 4, principal: amt(p - contribution) });
      expect(await bal(s.t.db, me.userId, 'USDT', 'asset')).toBe(p - contribution);
      const grants = rowsOf<{ source: string; amount: string }>(
        await s.t.db.db.execute(
          sql`SELECT source, amount::text FROM hashrate_grants WHERE user_id = ${me.userId}`,
        ),
      );
      expect(grants).toEqual([{ source: 'rwa_contribution', amount: contribution.toString() }]);
    });

    it('refuses a rate lower than the one shown, a cycle not offered, another user’s order, changing nothing', async () => {
      const me = await s.user(100n * U);
      const order = (await stake(me.token, 'amount=100&stakeIndex=1')).data;
      s.t.clock.advance(15 * DAY);
      const other = await s.user();
      const before = await s.snapshot();
      for (const [token, body, code] of [
        [me.token, { orderId: order.id, stakeIndex: 0, minRatePpm: 6001 }, 409],
        [me.token, { orderId: order.id, stakeIndex: 3, minRatePpm: 0 }, 400],
        [me.token, { orderId: 'nope', stakeIndex: 0, minRatePpm: 0 }, 400],
        [me.token, { orderId: order.id }, 400],
        [other.token, { orderId: order.id, stakeIndex: 0, minRatePpm: 6000 }, 404],
      ] as const) {
        expect((await s.post(token, '/api/user/stake/renew', body)).code, JSON.stringify(body)).toBe(code);
      }
      expect(await s.snapshot()).toEqual(before);
      // the same cycle at its shown rate is a renewal too
      const same = await s.post(me.token, '/api/user/stake/renew', {
        orderId: order.id,
        stakeIndex: 1,
        minRatePpm: 9000,
      });
      expect(same.data).toMatchObject({ cycle: 1, cycleDays: 15, round: 2, principal: '98' });
    });
  });

  describe('market-maker bonus', () => {
    it('gives 20 % of principal twice in FCC once 30-day turnover reaches 3000 USDT, credited at maturity once', async () => {
      const me = await s.user(3000n * U);
      const a = (await stake(me.token, 'amount=1000&stakeIndex=2')).data;
      const b = (await stake(me.token, 'amount=1000&stakeIndex=2')).data;
      const c = (await stake(me.token, 'amount=1000&stakeIndex=2')).data;
      expect([a.bonusFcc, b.bonusFcc]).toEqual(['0', '0']);
      expect(c.bonusFcc).toBe('392'); // 980 × 20 % × 2
      await fundFomo(s.t.db.db, 10_000n * U, `mm-${me.userId}`);
      const due = new Date(c.dueTime);
      await runSettlement(s.t.db, due.toISOString().slice(0, 10));
      expect(await bal(s.t.db, me.userId, 'FCC')).toBe(392n * U);
      s.t.clock.now = new Date(due.getTime() + 1);
      const token = await me.again();
      expect((await s.post(token, '/api/user/stake/redeem', { orderId: c.id })).code).toBe(200);
      expect(await bal(s.t.db, me.userId, 'FCC')).toBe(392n * U);
    });
  });
});
