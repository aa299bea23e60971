// Daily settlement: pays the contract's compound curve, once per day whatever the number of runs,
// resumes after a crash between steps, holds everything back under the FOMO floor, pays dynamic
// income to ignited accounts only, renews with computing power every third round.
import { DAY_MS as DAY } from '@free/protocol/constants';
import { compoundInterest } from '@free/protocol/staking';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND, BASE_HEADERS, closeApp, makeApp, setModules, type TestCtx } from '../../test/helpers.ts';
import { bal, fund, makeUsers, snapshot, U } from '../../test/support/staking-orders-fixtures.ts';
import { rowsOf } from '../db/client.ts';
import { fomoBalance, fundFomo } from '../services/fomo.ts';
import { writeSetting } from '../services/settings.ts';
import { buyWithBalance, redeemOrder } from '../services/staking-orders.ts';
import { bindInviter } from '../services/team.ts';
import { daysToSettle, runSettlement } from './settlement.ts';

describe.each(BACKEND)('settlement on $name', ({ url }) => {
  let t: TestCtx;
  const T0 = new Date('2027-01-10T12:00:00Z');
  const dayOf = (offset: number) => new Date(T0.getTime() + offset * DAY).toISOString().slice(0, 10);
  let seq = 0;

  beforeAll(async () => {
    t = await makeApp(url);
    await setModules(t.db.db, { staking_use_balance: true });
  });
  afterAll(async () => closeApp(t));

  async function buy(userId: number, amount: bigint, stakeIndex: number, autoRenew = false, at = T0) {
    return buyWithBalance(t.db, {
      userId,
      amount: amount.toString(),
      stakeIndex,
      autoRenew,
      idempotencyKey: `settle-test-${++seq}`,
      now: at,
    });
  }

  const incomeOf = async (userId: number, kind: string) => {
    const [r] = rowsOf<{ s: string; n: string | number }>(
      await t.db.db.execute(sql`SELECT coalesce(sum(amount), 0)::text AS s, count(*) AS n FROM ledger_entries
        WHERE user_id = ${userId} AND side = 'credit' AND kind = ${kind}`),
    );
    return { sum: BigInt(r?.s ?? '0'), rows: Number(r?.n ?? 0) };
  };

  /** The turnover that makes an order of the market-maker cycle earn the FCC bonus. */
  const marketMakerTurnover = (wei: bigint) =>
    writeSetting(t.db.db, 'market_maker', {
      turnover_wei: wei.toString(),
      principal_share_bps: 2000,
      fcc_multiplier: 2,
    });

  /** Keeps the FOMO pool above its floor (each test funds what it needs). */
  const fundPool = (amount = 10_000n * U) => fundFomo(t.db.db, amount, `test-${++seq}`);

  describe('runSettlement', () => {
    it('pays static income day by day along the compound curve, the whole cycle summing to the contract figure', async () => {
      await fundPool();
      const [me] = await makeUsers(t.db.db, 1, 'static');
      if (!me) throw new Error('no user');
      await fund(t.db, me, 100n * U);
      await buy(me, 100n, 0); // 98 principal, 0.6 %/day, 7 days
      const paid: bigint[] = [];
      for (let d = 0; d <= 8; d++) {
        await runSettlement(t.db, dayOf(d));
        paid.push((await incomeOf(me, 'income_static')).sum);
      }
      // day 0 ends 12 h after the stake: nothing; day d ends d days + 12 h after: d whole days
      expect(paid[0]).toBe(0n);
      for (let d = 1; d <= 7; d++) expect(paid[d]).toBe(compoundInterest(98n * U, 6000, d));
      expect(paid[8]).toBe(compoundInterest(98n * U, 6000, 7));
      expect(await bal(t.db, me)).toBe(compoundInterest(98n * U, 6000, 7));
    });

    it('pays once when run twice for the same day', async () => {
      await fundPool();
      const [me, other] = await makeUsers(t.db.db, 2, 'twice');
      if (!me || !other) throw new Error('no user');
      await fund(t.db, me, 1000n * U);
      await bindInviter(t.db.db, me, other, T0);
      await t.db.db.execute(sql`UPDATE users SET ignited = true WHERE id = ${other}`);
      await buy(me, 500n, 2, true);
      const day = dayOf(40);
      const first = await runSettlement(t.db, day);
      expect(first.steps.every((s) => s.done === 'now')).toBe(true);
      const after = await snapshot(t.db);
      const second = await runSettlement(t.db, day);
      expect(second.steps.every((s) => s.done === 'before')).toBe(true);
      expect(await snapshot(t.db)).toEqual(after);
    });

    it('resumes after a crash between steps without paying a step twice', async () => {
      await fundPool();
      const [parent, me] = await makeUsers(t.db.db, 2, 'crash');
      if (!parent || !me) throw new Error('no user');
      await bindInviter(t.db.db, me, parent, T0);
      await t.db.db.execute(sql`UPDATE users SET ignited = true WHERE id = ${parent}`);
      const at = new Date('2027-03-01T00:00:00Z');
      await fund(t.db, me, 200n * U);
      await buy(me, 200n, 1, false, at); // 196 principal, 0.9 %/day
      const day = '2027-03-03'; // ends 3 days after the stake
      await expect(
        runSettlement(t.db, day, {
          afterStep: (step) => {
            if (step === 'static') throw new Error('power cut');
          },
        }),
      ).rejects.toThrow('power cut');
      const staticPaid = compoundInterest(196n * U, 9000, 3);
      expect((await incomeOf(me, 'income_static')).sum).toBe(staticPaid);
      expect((await incomeOf(parent, 'income_dynamic')).rows).toBe(0);

      const resumed = await runSettlement(t.db, day);
      expect(resumed.steps.map((s) => [s.step, s.done])).toEqual([
        ['static', 'before'],
        ['dynamic', 'now'],
        ['pool', 'now'],
        ['maturity', 'now'],
        ['unlocks', 'now'],
        ['fomo', 'now'],
      ]);
      expect((await incomeOf(me, 'income_static')).sum).toBe(staticPaid);
      // the parent's 10 % of the day's static income (all three days were paid today)
      expect((await incomeOf(parent, 'income_dynamic')).sum).toBe((staticPaid * 1000n) / 10_000n);
    });

    it('holds back every earning while the FOMO pool is under 500 FREE, says so, and catches up once refilled', async () => {
      const pool = rowsOf<{ s: string }>(
        await t.db.db.execute(sql`SELECT coalesce(sum(amount), 0)::text AS s FROM fomo_flows`),
      );
      // drain the pool below the floor
      await t.db.db.execute(sql`INSERT INTO fomo_flows (kind, amount, ref)
        VALUES ('payout', ${(-BigInt(pool[0]?.s ?? '0') + 100n * U).toString()}, ${`drain-${++seq}`})`);
      const [me] = await makeUsers(t.db.db, 1, 'hold');
      if (!me) throw new Error('no user');
      const at = new Date('2027-05-01T00:00:00Z');
      await fund(t.db, me, 100n * U);
      await buy(me, 100n, 0, false, at);
      const before = await snapshot(t.db);
      const held = await runSettlement(t.db, '2027-05-02');
      expect(held.held?.reason).toBe('fomo_below_floor');
      expect(held.steps).toEqual([]);
      const afterHold = await snapshot(t.db);
      expect({ ...afterHold, settlement_holds: 0 }).toEqual({ ...before, settlement_holds: 0 });
      const [hold] = rowsOf<{ held: Record<string, string> }>(
        await t.db.db.execute(sql`SELECT held FROM settlement_holds WHERE day = '2027-05-02'`),
      );
      expect(BigInt(hold?.held.income_static ?? '0')).toBeGreaterThanOrEqual(
        compoundInterest(98n * U, 6000, 2),
      );
      const fomo = (
        await t.app.inject({ method: 'GET', url: '/api/common/fomo', headers: BASE_HEADERS })
      ).json();
      expect(fomo.data).toMatchObject({
        distributing: false,
        holdReason: 'fomo_below_floor',
        lastHoldDay: '2027-05-02',
        balance: '101', // 100 left + half the stake fee's FREE equivalent (fee share)
        floor: '500',
      });

      await fundPool(399n * U); // exactly the floor: distribution resumes
      const next = await runSettlement(t.db, '2027-05-03');
      expect(next.held).toBeNull();
      expect((await incomeOf(me, 'income_static')).sum).toBe(compoundInterest(98n * U, 6000, 3));
    });

    it('pays no USDT income past the daily budget: holds the day, pays it all on a later run within budget', async () => {
      await fundPool();
      const [me] = await makeUsers(t.db.db, 1, 'budget');
      if (!me) throw new Error('no user');
      await fund(t.db, me, 100n * U);
      await buy(me, 100n, 0, false, new Date('2027-07-01T00:00:00Z'));
      await writeSetting(t.db.db, 'income_daily_budget_wei', String(compoundInterest(98n * U, 6000, 1) - 1n));
      try {
        const before = await snapshot(t.db);
        const held = await runSettlement(t.db, '2027-07-02');
        expect(held.held).toMatchObject({ reason: 'income_budget' });
        expect(held.steps).toEqual([]);
        expect({ ...(await snapshot(t.db)), settlement_holds: 0 }).toEqual({
          ...before,
          settlement_holds: 0,
        });
        expect((await incomeOf(me, 'income_static')).rows).toBe(0);
        const [hold] = rowsOf<{ reason: string; held: Record<string, string> }>(
          await t.db.db.execute(sql`SELECT reason, held FROM settlement_holds WHERE day = '2027-07-02'`),
        );
        expect(hold?.reason).toBe('income_budget');
        expect(BigInt(hold?.held.income_static ?? '0')).toBeGreaterThan(BigInt(hold?.held.budget ?? '0'));

        // a budget that covers what is owed: the next day pays the held day's income too, once
        await writeSetting(t.db.db, 'income_daily_budget_wei', String(10_000n * U));
        const next = await runSettlement(t.db, '2027-07-03');
        expect(next.held).toBeNull();
        // staked at the start of 07-01, settled to the end of 07-03: three days
        expect((await incomeOf(me, 'income_static')).sum).toBe(compoundInterest(98n * U, 6000, 3));
      } finally {
        await writeSetting(t.db.db, 'income_daily_budget_wei', null);
      }
    });

    it('counts the FCC bonus at its USDT value against the daily budget: held unpaid, paid once on a later day with budget left', async () => {
      await fundPool();
      const [me] = await makeUsers(t.db.db, 1, 'mmheld');
      if (!me) throw new Error('no user');
      await fund(t.db, me, 1000n * U);
      await marketMakerTurnover(1000n * U);
      // the market-maker cycle (30 days) at the turnover: 40 % of 980 principal in FCC at 1 USDT
      const order = await buy(me, 1000n, 2, false, new Date('2027-12-01T00:00:00Z'));
      const bonus = (980n * U * 4000n) / 10_000n;
      expect(order.bonusFcc).toBe(bonus);
      const mmRows = async () => (await incomeOf(me, 'mm_bonus_fcc')).rows;
      const budgetRow = async (day: string) =>
        rowsOf<{ paid: string; held: string }>(
          await t.db.db.execute(
            sql`SELECT paid::text AS paid, held::text AS held FROM income_budget_days WHERE day = ${day}`,
          ),
        )[0];
      try {
        // the USDT income steps of the due day fit; then one wei less than the bonus is left
        const held = await runSettlement(t.db, '2027-12-30', {
          afterStep: async (step) => {
            if (step !== 'pool') return;
            const paid = BigInt((await budgetRow('2027-12-30'))?.paid ?? '0');
            await writeSetting(t.db.db, 'income_daily_budget_wei', String(paid + bonus - 1n));
          },
        });
        expect(held.held).toBeNull();
        expect(await mmRows()).toBe(0);
        expect(await bal(t.db, me, 'FCC')).toBe(0n);
        expect((await budgetRow('2027-12-30'))?.held).toBe(bonus.toString());
        const [o] = rowsOf<{ bonus_paid: boolean }>(
          await t.db.db.execute(sql`SELECT bonus_paid FROM stake_orders WHERE user_id = ${me}`),
        );
        expect(o?.bonus_paid).toBe(false);

        // a later day with budget left pays it, once, and counts it
        await writeSetting(t.db.db, 'income_daily_budget_wei', String(100_000n * U));
        await runSettlement(t.db, '2027-12-31');
        await runSettlement(t.db, '2028-01-01');
        expect(await bal(t.db, me, 'FCC')).toBe(bonus);
        expect(await mmRows()).toBe(1);
        expect(BigInt((await budgetRow('2027-12-31'))?.paid ?? '0')).toBeGreaterThanOrEqual(bonus);
        // redeeming afterwards pays no second bonus
        await redeemOrder(t.db, { userId: me, orderId: order.id, now: new Date('2028-01-02T00:00:00Z') });
        expect(await mmRows()).toBe(1);
      } finally {
        await writeSetting(t.db.db, 'income_daily_budget_wei', null);
      }
    });

    it('holds the FCC bonus a redemption would pay past the budget and pays it with a later settlement, once', async () => {
      await fundPool();
      const [me] = await makeUsers(t.db.db, 1, 'mmredeem');
      if (!me) throw new Error('no user');
      await fund(t.db, me, 1000n * U);
      await marketMakerTurnover(1000n * U);
      const order = await buy(me, 1000n, 2, false, new Date('2027-10-01T00:00:00Z'));
      expect(order.bonusFcc).toBeGreaterThan(0n);
      const bonus = order.bonusFcc;
      try {
        // matured, not settled yet; nothing is left of the day's budget
        await writeSetting(t.db.db, 'income_daily_budget_wei', '0');
        await redeemOrder(t.db, { userId: me, orderId: order.id, now: new Date('2027-10-31T00:00:00Z') });
        expect(await bal(t.db, me, 'FCC')).toBe(0n);
        await writeSetting(t.db.db, 'income_daily_budget_wei', null);
        await runSettlement(t.db, '2027-10-31');
        await runSettlement(t.db, '2027-10-31');
        expect(await bal(t.db, me, 'FCC')).toBe(bonus);
        expect((await incomeOf(me, 'mm_bonus_fcc')).rows).toBe(1);
      } finally {
        await writeSetting(t.db.db, 'income_daily_budget_wei', null);
      }
    });

    it("pays an on-chain stake's FCC bonus held past the budget on the first day with budget left, however long after maturity", async () => {
      // its own database: settling days a year ahead would end the FOMO countdown of the file's other tests
      const own = await makeApp(url);
      const db = own.db.db;
      try {
        await fundFomo(db, 10_000n * U, 'mmchainheld');
        const [me] = await makeUsers(db, 1, 'mmchainheld');
        if (!me) throw new Error('no user');
        await writeSetting(db, 'market_maker', {
          turnover_wei: (1000n * U).toString(),
          principal_share_bps: 2000,
          fcc_multiplier: 2,
        });
        const [row] = rowsOf<{ address: string }>(
          await db.execute(sql`SELECT address FROM users WHERE id = ${me}`),
        );
        // the market-maker cycle (30 days) on chain: matured at the start of 2029-01-31
        await db.execute(sql`INSERT INTO chain_stakes (user_address, user_id, stake_index, cycle, amount, principal,
            fee, free_burned, rate_ppm, max_interest, staked_at, stake_tx, block_number)
          VALUES (${row?.address}, ${me}, 0, 2, ${(1000n * U).toString()}, ${(980n * U).toString()},
            ${(20n * U).toString()}, 0, 12000, 0, '2029-01-01T00:00:00Z', '0xmmheld', 1)`);
        const bonus = (980n * U * 4000n) / 10_000n;
        const mmRows = async () =>
          Number(
            rowsOf<{ n: string | number }>(
              await db.execute(sql`SELECT count(*) AS n FROM ledger_entries
                WHERE user_id = ${me} AND side = 'credit' AND kind = 'mm_bonus_fcc'`),
            )[0]?.n ?? 0,
          );
        // the due day's budget has one wei less than the bonus left once the USDT income is paid
        await runSettlement(own.db, '2029-01-31', {
          afterStep: async (step) => {
            if (step !== 'pool') return;
            const [b] = rowsOf<{ paid: string }>(
              await db.execute(
                sql`SELECT paid::text AS paid FROM income_budget_days WHERE day = '2029-01-31'`,
              ),
            );
            await writeSetting(db, 'income_daily_budget_wei', String(BigInt(b?.paid ?? '0') + bonus - 1n));
          },
        });
        expect(await mmRows()).toBe(0);
        // 43 days after maturity (settlement's catch-up reaches back 31 days): paid, once
        await writeSetting(db, 'income_daily_budget_wei', null);
        await runSettlement(own.db, '2029-03-15');
        await runSettlement(own.db, '2029-03-16');
        expect(await bal(own.db, me, 'FCC')).toBe(bonus);
        expect(await mmRows()).toBe(1);
      } finally {
        await closeApp(own);
      }
    });

    it('pays dynamic income to ignited ancestors only, within the depth of their level', async () => {
      await fundPool();
      const [root, mid, staker, plain, staker2] = await makeUsers(t.db.db, 5, 'dyn');
      if (!root || !mid || !staker || !plain || !staker2) throw new Error('no user');
      await bindInviter(t.db.db, mid, root, T0);
      await bindInviter(t.db.db, staker, mid, T0);
      await bindInviter(t.db.db, staker2, plain, T0);
      await t.db.db.execute(sql`UPDATE users SET ignited = true WHERE id IN (${root}, ${mid})`);
      const at = new Date('2027-07-01T00:00:00Z');
      for (const u of [staker, staker2]) {
        await fund(t.db, u, 100n * U);
        await buy(u, 100n, 0, false, at);
      }
      await runSettlement(t.db, '2027-07-01');
      const daily = compoundInterest(98n * U, 6000, 1);
      expect((await incomeOf(staker, 'income_static')).sum).toBe(daily);
      expect((await incomeOf(mid, 'income_dynamic')).sum).toBe((daily * 1000n) / 10_000n);
      // root is generation 2 but V0 earns one generation only; plain is not ignited
      expect((await incomeOf(root, 'income_dynamic')).rows).toBe(0);
      expect((await incomeOf(plain, 'income_dynamic')).rows).toBe(0);
    });

    it('renews automatically and turns 20 % of principal + income into computing power every third round', async () => {
      await fundPool();
      const [inviter, me] = await makeUsers(t.db.db, 2, 'renew');
      if (!inviter || !me) throw new Error('no user');
      await bindInviter(t.db.db, me, inviter, T0);
      const at = new Date('2027-09-01T00:00:00Z');
      await fund(t.db, me, 100n * U);
      await buy(me, 100n, 0, true, at);
      for (let d = 0; d <= 21; d++) {
        await runSettlement(t.db, new Date(at.getTime() + d * DAY).toISOString().slice(0, 10));
      }
      const orders = rowsOf<{ round: number; status: string; principal: string; interest_paid: string }>(
        await t.db.db.execute(sql`SELECT round, status, principal::text, interest_paid::text FROM stake_orders
          WHERE user_id = ${me} ORDER BY round`),
      );
      expect(orders.map((o) => [o.round, o.status])).toEqual([
        [1, 'renewed'],
        [2, 'renewed'],
        [3, 'renewed'],
        [4, 'active'],
      ]);
      const p = 98n * U;
      const i3 = compoundInterest(p, 6000, 7);
      const contribution = ((p + i3) * 2000n) / 10_000n;
      expect(BigInt(orders[3]?.principal ?? '0')).toBe(p - contribution);
      expect(await bal(t.db, me, 'USDT', 'asset')).toBe(p - contribution);
      const grants = rowsOf<{ user_id: number; source: string; amount: string }>(
        await t.db.db.execute(sql`SELECT user_id, source, amount::text FROM hashrate_grants
          WHERE user_id IN (${me}, ${inviter}) ORDER BY source`),
      );
      expect(grants).toEqual([
        { user_id: inviter, source: 'direct_bonus', amount: ((contribution * 1000n) / 10_000n).toString() },
        { user_id: me, source: 'rwa_contribution', amount: contribution.toString() },
      ]);
    });

    it('pays the interest of a cycle once when a redemption races the settlement of its last day', async () => {
      await fundPool();
      const [me] = await makeUsers(t.db.db, 1, 'race');
      if (!me) throw new Error('no user');
      const at = new Date('2027-11-01T00:00:00Z');
      await fund(t.db, me, 100n * U);
      const order = await buy(me, 100n, 0, false, at);
      await runSettlement(t.db, '2027-11-03');
      await Promise.all([
        runSettlement(t.db, '2027-11-07'),
        redeemOrder(t.db, { userId: me, orderId: order.id, now: new Date('2027-11-08T00:00:00Z') }),
      ]);
      const interest = compoundInterest(98n * U, 6000, 7);
      expect((await incomeOf(me, 'income_static')).sum).toBe(interest);
      expect(await bal(t.db, me)).toBe(98n * U + interest);
    });

    it('shares what the FOMO pool holds above the floor among the last participants when the countdown ends, once', async () => {
      const [a, b] = await makeUsers(t.db.db, 2, 'fomo');
      if (!a || !b) throw new Error('no user');
      for (const [u, h] of [
        [a, 1],
        [b, 2],
      ] as const) {
        await fund(t.db, u, 100n * U);
        await buy(u, 100n, 0, false, new Date(`2028-02-01T0${h}:00:00Z`));
      }
      await fundPool(1000n * U);
      // the countdown (24 h after b's stake) has not run out by the end of Feb 1
      const running = await runSettlement(t.db, '2028-02-01');
      expect(running.steps.find((s) => s.step === 'fomo')?.rows).toBe(0);
      const pool = await fomoBalance(t.db.db);
      const share = (pool - 500n * U) / 2n;
      const ended = await runSettlement(t.db, '2028-02-02');
      expect(ended.steps.find((s) => s.step === 'fomo')).toMatchObject({ rows: 2, total: share * 2n });
      expect(await bal(t.db, a, 'FREE')).toBe(share);
      expect(await bal(t.db, b, 'FREE')).toBe(share);
      expect(await fomoBalance(t.db.db)).toBe(pool - share * 2n);
      await runSettlement(t.db, '2028-02-03');
      expect(await bal(t.db, a, 'FREE')).toBe(share);
    });

    it('lists the days a scheduler must settle: the missed ones in order, at most 31', async () => {
      const fresh = await makeApp(url);
      try {
        expect(await daysToSettle(fresh.db.db, '2030-01-10')).toEqual(['2030-01-10']);
        await fresh.db.db.execute(sql`INSERT INTO settlement_runs (day, step) VALUES ('2030-01-07', 'fomo')`);
        expect(await daysToSettle(fresh.db.db, '2030-01-10')).toEqual([
          '2030-01-08',
          '2030-01-09',
          '2030-01-10',
        ]);
        expect(await daysToSettle(fresh.db.db, '2030-01-07')).toEqual(['2030-01-07']);
        expect((await daysToSettle(fresh.db.db, '2030-06-01')).length).toBe(31);
      } finally {
        await closeApp(fresh);
      }
    });

    it('refuses a malformed day', async () => {
      await expect(runSettlement(t.db, '2027-02-30')).rejects.toThrow(/bad settlement day/);
      await expect(runSettlement(t.db, 'yesterday')).rejects.toThrow(/bad settlement day/);
    });
  });
});
