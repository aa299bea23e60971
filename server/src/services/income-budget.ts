// The daily budget of off-chain income, counted in USDT (`income_daily_budget_wei`): settlement's
// static, dynamic and pool income, the market-maker FCC bonus at its USDT value (`fcc_price_usdt_wei`),
// redemption interest and Huan Li Bao income paid on a day take from one counter per day
// (income_budget_days), in the paying transaction, so a rollback gives the budget back. What does
// not fit waits (it is still due and is paid on a later day the budget allows) and is recorded as
// held for the operator.
import { WEI_PER_UNIT } from '@free/protocol/amount';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { getSetting } from './settings.ts';

/** The budget day of a payment made at `now` (UTC). */
export const budgetDay = (now: Date): string => now.toISOString().slice(0, 10);

export type IncomeTake = { ok: true } | { ok: false; paidBefore: bigint; budget: bigint };

/** What is left of `budget` once `paid` went out (never below zero); null without a budget. */
const budgetLeft = (budget: bigint | null, paid: bigint): bigint | null =>
  budget === null ? null : budget > paid ? budget - paid : 0n;

/**
 * What is left of the budget of `day` (its row locked to the end of the transaction: concurrent
 * payers cannot both take the last of it); null without a budget.
 */
export async function incomeLeft(tx: Executor, day: string): Promise<{ paid: bigint; left: bigint | null }> {
  const setting = await getSetting(tx, 'income_daily_budget_wei');
  await tx.execute(sql`INSERT INTO income_budget_days (day) VALUES (${day}) ON CONFLICT (day) DO NOTHING`);
  const [row] = rowsOf<{ paid: string }>(
    await tx.execute(sql`SELECT paid::text AS paid FROM income_budget_days WHERE day = ${day} FOR UPDATE`),
  );
  const paid = BigInt(row?.paid ?? '0');
  return { paid, left: budgetLeft(setting === null ? null : BigInt(setting), paid) };
}

/** Records `amount` as the day's last payment held (a refused payment is tried again later: not a running sum). */
export async function holdIncome(tx: Executor, day: string, amount: bigint): Promise<void> {
  await tx.execute(sql`UPDATE income_budget_days SET held = ${amount.toString()} WHERE day = ${day}`);
}

/**
 * Takes `amount` from the budget of `day` (see incomeLeft). Refused when it would pass the budget;
 * the amount refused is kept as the day's `held`. Without a budget everything is taken (and counted).
 */
export async function takeIncome(tx: Executor, day: string, amount: bigint): Promise<IncomeTake> {
  if (amount <= 0n) return { ok: true };
  const { paid, left } = await incomeLeft(tx, day);
  if (left !== null && amount > left) {
    await holdIncome(tx, day, amount);
    return { ok: false, paidBefore: paid, budget: paid + left };
  }
  await tx.execute(sql`UPDATE income_budget_days SET paid = paid + ${amount.toString()} WHERE day = ${day}`);
  return { ok: true };
}

export type HeldKind = { count: number; amount: bigint };
export type IncomeBudgetFigures = {
  day: string;
  /** null: no budget set */
  budget: bigint | null;
  paid: bigint;
  /** null: no budget set */
  left: bigint | null;
  /** the last payment of the day that had to wait (0: none) */
  lastHeld: bigint;
  /** what waits for a day with budget left, per kind (amounts in USDT wei unless said otherwise) */
  held: {
    /** redemption interest held on the order */
    interest: HeldKind;
    /** market-maker bonuses of balance orders a settled day did not credit: FCC wei, and its USDT value */
    fccBonus: HeldKind & { usdt: bigint };
    /** Huan Li Bao orders with whole days not accrued yet (the job pays them), and those days' static income */
    hlbDays: HeldKind & { days: number };
    /** settlement days held by the budget whose income no later static step has paid yet */
    settlementDays: { count: number; last: string | null };
  };
};

/** Today's budget, income paid, and what is held per kind: the dashboard's and `npm run ops -- income:budget`'s figures. */
export async function incomeBudgetFigures(db: Executor, now: Date): Promise<IncomeBudgetFigures> {
  const day = budgetDay(now);
  const at = now.toISOString();
  const [budget, price] = await Promise.all([
    getSetting(db, 'income_daily_budget_wei'),
    getSetting(db, 'product_money').then((m) => m.fcc_price_usdt_wei),
  ]);
  const [row] = rowsOf<{ paid: string; held: string }>(
    await db.execute(
      sql`SELECT paid::text AS paid, held::text AS held FROM income_budget_days WHERE day = ${day}`,
    ),
  );
  type Sum = { n: string | number; total: string; extra: string | null };
  const one = async (q: ReturnType<typeof sql>) => rowsOf<Sum>(await db.execute(q))[0];
  const [interest, bonus, hlb, days] = await Promise.all([
    one(sql`SELECT count(*) AS n, coalesce(sum(interest_held), 0)::text AS total, NULL AS extra
      FROM stake_orders WHERE interest_held > 0`),
    // held: due by the end of a day whose maturity step already ran (one due since waits for its
    // settlement, not for budget)
    one(sql`SELECT count(*) AS n, coalesce(sum(bonus_fcc), 0)::text AS total, NULL AS extra
      FROM stake_orders WHERE bonus_fcc > 0 AND NOT bonus_paid AND due_at <= ${at}
        AND due_at <= (SELECT (max(day) + 1)::timestamp AT TIME ZONE 'UTC' FROM settlement_runs WHERE step = 'maturity')`),
    one(sql`WITH behind AS (
        SELECT amount, daily_rate_ppm, floor(extract(epoch FROM (
            CASE WHEN state = 'redeemed' AND redeemed_at < ${at}::timestamptz THEN redeemed_at ELSE ${at}::timestamptz END
          ) - started_at) / 86400)::int - days_accrued AS d
        FROM hlb_orders)
      SELECT count(*) AS n, coalesce(sum(d * div(amount * daily_rate_ppm, 1000000)), 0)::text AS total,
        coalesce(sum(d), 0)::text AS extra
      FROM behind WHERE d > 0`),
    // static income is cumulative: once a later day's static step ran, the held day's income is paid
    one(sql`SELECT count(*) AS n, '0' AS total, max(h.day)::text AS extra FROM settlement_holds h
      WHERE h.reason = 'income_budget' AND NOT EXISTS (
        SELECT 1 FROM settlement_runs r WHERE r.step = 'static' AND r.day >= h.day)`),
  ]);
  const fcc = BigInt(bonus?.total ?? '0');
  const [dayBudget, paid] = [budget === null ? null : BigInt(budget), BigInt(row?.paid ?? '0')];
  return {
    day,
    budget: dayBudget,
    paid,
    left: budgetLeft(dayBudget, paid),
    lastHeld: BigInt(row?.held ?? '0'),
    held: {
      interest: { count: Number(interest?.n ?? 0), amount: BigInt(interest?.total ?? '0') },
      fccBonus: { count: Number(bonus?.n ?? 0), amount: fcc, usdt: (fcc * BigInt(price)) / WEI_PER_UNIT },
      hlbDays: {
        count: Number(hlb?.n ?? 0),
        amount: BigInt(hlb?.total ?? '0'),
        days: Number(hlb?.extra ?? 0),
      },
      settlementDays: { count: Number(days?.n ?? 0), last: days?.extra ?? null },
    },
  };
}
