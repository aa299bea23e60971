// The market-maker FCC bonus against the daily income budget (docs/business-rules.md, income
// budget) when settlements race: bonuses held on their due day are paid by later days' runs, and
// here two connections (as two API processes whose job lock changed hands) settle at the same time,
// round after round. Whatever the interleaving, each held bonus is credited exactly once and no
// day's recorded income passes its budget. And the automatic renewal of balance orders against
// their owners redeeming them at the same moment: each order is either redeemed or renewed, never
// both. Two transactions at once need PostgreSQL.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, setModules } from '../../test/helpers.ts';
import { bal, fund, makeUsers, U } from '../../test/support/staking-orders-fixtures.ts';
import { openTestDb } from '../../test/support/test-db.ts';
import { type DbHandle, openDb, rowsOf } from '../db/client.ts';
import { ErrorCode } from '../lib/errors.ts';
import { transactionsRetried } from '../lib/metrics.ts';
import { fundFomo } from '../services/fomo.ts';
import { forgetSettings, writeSetting } from '../services/settings.ts';
import { buyWithBalance, redeemOrder } from '../services/staking-orders.ts';
import { runSettlement } from './settlement.ts';

const postgres = BACKENDS.find((b) => b.name === 'postgres');
const USERS = 6;
const ROUNDS = 8;

/**
 * Two pools on one fresh PostgreSQL schema with balance staking open: `a` the API process's, `b`
 * another process's (the jobs'; closing it drops nothing). Set before the describe's own hooks run.
 */
function twoProcesses(prefix: string): { a: DbHandle; b: DbHandle } {
  const pools = {} as { a: DbHandle; b: DbHandle };
  beforeAll(async () => {
    const url = postgres?.url ?? '';
    const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
    pools.a = await openTestDb(url, { schema });
    pools.b = await openDb(url, { schema, poolSize: 4 });
    await setModules(pools.a.db, { staking_use_balance: true });
  });
  afterAll(async () => {
    await pools.b?.close();
    await pools.a?.close();
  });
  return pools;
}

describe.skipIf(!postgres)('held FCC bonuses paid by racing settlements (PostgreSQL)', () => {
  const pools = twoProcesses('t_race');
  let a: DbHandle;
  let b: DbHandle;
  beforeAll(() => {
    ({ a, b } = pools);
  });

  /** Both "processes" read the settings just written (each caches its own for a while). */
  const setBudget = async (wei: bigint | null) => {
    await writeSetting(a.db, 'income_daily_budget_wei', wei === null ? null : wei.toString());
    forgetSettings(b.db);
  };
  const budgetDays = async () =>
    rowsOf<{ day: string; paid: string }>(
      await a.db.execute(
        sql`SELECT day::text AS day, paid::text AS paid FROM income_budget_days ORDER BY day`,
      ),
    );

  it('credits each held bonus once and keeps every day within its budget', async () => {
    await fundFomo(a.db, 100_000n * U, 'race-pool');
    await writeSetting(a.db, 'market_maker', {
      turnover_wei: (1000n * U).toString(),
      principal_share_bps: 2000,
      fcc_multiplier: 2,
    });
    const users = await makeUsers(a.db, USERS, 'race');
    const orders: { userId: number; bonus: bigint }[] = [];
    for (const [i, userId] of users.entries()) {
      await fund(a, userId, 1000n * U);
      const o = await buyWithBalance(a, {
        userId,
        amount: '1000',
        stakeIndex: 2, // the market-maker cycle: matures 2027-12-30
        autoRenew: false,
        idempotencyKey: `race-buy-${i}`,
        now: new Date('2027-12-01T00:00:00Z'),
      });
      expect(o.bonusFcc).toBeGreaterThan(0n);
      orders.push({ userId, bonus: o.bonusFcc });
    }
    const bonus = orders[0]?.bonus ?? 0n;
    // FCC at 1 USDT (the default price): a bonus counts its own amount against the budget
    try {
      // the due day: its USDT income fits, then nothing is left, so every bonus is held
      const due = await runSettlement(a, '2027-12-30', {
        afterStep: async (step) => {
          if (step !== 'pool') return;
          const [row] = (await budgetDays()).filter((d) => d.day === '2027-12-30');
          await setBudget(BigInt(row?.paid ?? '0'));
        },
      });
      expect(due.held).toBeNull();
      for (const o of orders) expect(await bal(a, o.userId, 'FCC')).toBe(0n);

      // later days: two bonuses and a half fit a day; two connections settle two days at once
      const budget = (5n * bonus) / 2n;
      await setBudget(budget);
      const failures: unknown[] = [];
      let day = new Date('2027-12-31T00:00:00Z');
      const next = () => {
        const d = day.toISOString().slice(0, 10);
        day = new Date(day.getTime() + 86_400_000);
        return d;
      };
      for (let round = 0; round < ROUNDS; round++) {
        const [d1, d2] = [next(), next()];
        const runs = await Promise.allSettled([runSettlement(a, d1), runSettlement(b, d2)]);
        // a run that lost a race rolls its step back (a bonus key booked by the other): nothing half-paid
        for (const r of runs) if (r.status === 'rejected') failures.push(r.reason);
        // each day again from the other connection, at once: the day done finds its steps claimed,
        // the day that lost settles now
        await Promise.all([runSettlement(a, d2), runSettlement(b, d1)]);
      }

      for (const o of orders) {
        const [credits] = rowsOf<{ n: string; sum: string }>(
          await a.db.execute(sql`SELECT count(*)::text AS n, coalesce(sum(amount), 0)::text AS sum
            FROM ledger_entries WHERE user_id = ${o.userId} AND side = 'credit' AND kind = 'mm_bonus_fcc'`),
        );
        expect(credits).toEqual({ n: '1', sum: o.bonus.toString() });
        expect(await bal(a, o.userId, 'FCC')).toBe(o.bonus);
      }
      const unpaid = rowsOf<{ id: number }>(
        await a.db.execute(sql`SELECT id FROM stake_orders WHERE bonus_fcc > 0 AND NOT bonus_paid`),
      );
      expect(unpaid).toEqual([]);
      const later = (await budgetDays()).filter((d) => d.day > '2027-12-30');
      expect(later).toHaveLength(2 * ROUNDS);
      for (const d of later) expect(BigInt(d.paid), d.day).toBeLessThanOrEqual(budget);
      // what the days counted covers every bonus credited after the due day
      const counted = later.reduce((s, d) => s + BigInt(d.paid), 0n);
      expect(counted).toBeGreaterThanOrEqual(bonus * BigInt(USERS));
      // a lost race is the unique ledger key refusing the second credit, and nothing else
      for (const f of failures) expect(`${f} ${(f as { cause?: unknown }).cause}`).toMatch(/duplicate key/);
    } finally {
      await setBudget(null);
    }
  });
});

describe.skipIf(!postgres)('automatic renewal racing redemptions of the same orders (PostgreSQL)', () => {
  const pools = twoProcesses('t_renew');
  let a: DbHandle;
  let b: DbHandle;
  beforeAll(async () => {
    ({ a, b } = pools);
    await fundFomo(a.db, 100_000n * U, 'renew-race-pool');
  });

  it('leaves each order redeemed (principal back once) or renewed (principal still staked), never both', async () => {
    // per due day: two owners redeem before the maturity step, two while it runs, two after it
    const DAYS = 4;
    const due: { day: string; orders: { userId: number; id: string }[] }[] = [];
    for (let d = 0; d < DAYS; d++) {
      // the 7-day cycle, bought at 06:00: due at 06:00 a week later, inside that day only
      const bought = new Date(Date.UTC(2028, 2, 1 + d, 6));
      const orders = [];
      for (const [i, userId] of (await makeUsers(a.db, 6, `renew${d}-`)).entries()) {
        await fund(a, userId, 100n * U);
        const o = await buyWithBalance(a, {
          userId,
          amount: '100',
          stakeIndex: 0,
          autoRenew: true,
          idempotencyKey: `renew-race-${d}-${i}`,
          now: bought,
        });
        orders.push({ userId, id: o.id });
      }
      due.push({ day: new Date(bought.getTime() + 7 * 86_400_000).toISOString().slice(0, 10), orders });
    }

    type Redeemed = { userId: number; ok: boolean };
    const outcomes: Redeemed[] = [];
    const redeem = (day: string, o: { userId: number; id: string }) =>
      redeemOrder(a, {
        userId: o.userId,
        orderId: o.id,
        idempotencyKey: `renew-race-redeem-${o.id}`,
        now: new Date(`${day}T12:00:00Z`),
      }).then(
        () => ({ userId: o.userId, ok: true }),
        (err: unknown) => {
          // a redemption that comes second finds the order renewed, and changes nothing
          expect(err).toMatchObject({ errorCode: ErrorCode.Conflict, detail: 'order is renewed' });
          return { userId: o.userId, ok: false };
        },
      );
    for (const { day, orders } of due) {
      const [before, during, after] = [orders.slice(0, 2), orders.slice(2, 4), orders.slice(4)];
      let racing: Promise<Redeemed[]> = Promise.resolve([]);
      await runSettlement(b, day, {
        afterStep: async (step) => {
          if (step !== 'pool') return;
          const first = await Promise.all(before.map((o) => redeem(day, o)));
          expect(first.map((r) => r.ok)).toEqual([true, true]);
          outcomes.push(...first);
          // not awaited: these run while the maturity step renews
          racing = Promise.all(during.map((o) => redeem(day, o)));
        },
      });
      outcomes.push(...(await racing));
      const last = await Promise.all(after.map((o) => redeem(day, o)));
      expect(last.map((r) => r.ok)).toEqual([false, false]);
      outcomes.push(...last);
    }

    expect(outcomes).toHaveLength(DAYS * 6);
    for (const { userId, ok } of outcomes) {
      const rows = rowsOf<{ status: string; parent_id: number | null; principal: string }>(
        await a.db.execute(sql`SELECT status, parent_id, principal::text FROM stake_orders
          WHERE user_id = ${userId} ORDER BY id`),
      );
      const [redemptions] = rowsOf<{ n: number }>(
        await a.db.execute(sql`SELECT count(*)::int AS n FROM ledger_entries
          WHERE user_id = ${userId} AND kind = 'stake_redeem' AND side = 'credit'`),
      );
      const staked = await bal(a, userId, 'USDT', 'asset');
      if (ok) {
        expect(rows.map((r) => r.status)).toEqual(['redeemed']);
        expect(redemptions?.n).toBe(1);
        expect(staked).toBe(0n);
      } else {
        // renewed once: the new round holds what the first held (less any computing-power share)
        expect(rows.map((r) => r.status)).toEqual(['renewed', 'active']);
        expect(rows[1]?.parent_id).not.toBeNull();
        expect(redemptions?.n).toBe(0);
        expect(staked).toBe(BigInt(rows[1]?.principal ?? '-1'));
      }
    }
  });

  it('redeems market-maker orders while the maturity step pays their bonuses: no deadlock, each bonus once', async () => {
    await writeSetting(a.db, 'market_maker', {
      turnover_wei: (100n * U).toString(),
      principal_share_bps: 2000,
      fcc_multiplier: 2,
    });
    forgetSettings(b.db);
    // the lock order alone keeps them apart: no transaction had to run again as a deadlock's victim
    const retries = async () => (await transactionsRetried.get()).values.reduce((sum, v) => sum + v.value, 0);
    const retriedBefore = await retries();
    const ROUNDS = 3;
    for (let d = 0; d < ROUNDS; d++) {
      // the market-maker cycle (30 days), bought at 06:00
      const bought = new Date(Date.UTC(2028, 5, 1 + d, 6));
      const day = new Date(bought.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
      const orders: { userId: number; id: string; bonus: bigint }[] = [];
      for (const [i, userId] of (await makeUsers(a.db, 4, `mmrace${d}-`)).entries()) {
        await fund(a, userId, 1000n * U);
        const o = await buyWithBalance(a, {
          userId,
          amount: '1000',
          stakeIndex: 2,
          autoRenew: i % 2 === 0,
          idempotencyKey: `mm-race-${d}-${i}`,
          now: bought,
        });
        expect(o.bonusFcc).toBeGreaterThan(0n);
        orders.push({ userId, id: o.id, bonus: o.bonusFcc });
      }
      let racing: Promise<PromiseSettledResult<unknown>[]> = Promise.resolve([]);
      await runSettlement(b, day, {
        afterStep: async (step) => {
          if (step !== 'pool') return;
          racing = Promise.allSettled(
            orders.map((o) =>
              redeemOrder(a, {
                userId: o.userId,
                orderId: o.id,
                idempotencyKey: `mm-race-redeem-${o.id}`,
                now: new Date(`${day}T12:00:00Z`),
              }),
            ),
          );
        },
      });
      for (const r of await racing)
        if (r.status === 'rejected')
          expect(r.reason).toMatchObject({ errorCode: ErrorCode.Conflict, detail: 'order is renewed' });
      for (const o of orders) expect(await bal(a, o.userId, 'FCC')).toBe(o.bonus);
    }
    expect(await retries()).toBe(retriedBefore);
  });
});
