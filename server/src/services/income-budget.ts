// The daily budget of off-chain income, counted in USDT (`income_daily_budget_wei`): settlement's
// static, dynamic and pool income, the market-maker FCC bonus at its USDT value (`fcc_price_usdt_wei`),
// redemption interest and Huan Li Bao income paid on a day take from one counter per day
// (income_budget_days), in the paying transaction, so a rollback gives the budget back. What does
// not fit waits (it is still due and is paid on a later day the budget allows) and is recorded as
// held for the operator.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { getSetting } from './settings.ts';

/** The budget day of a payment made at `now` (UTC). */
export const budgetDay = (now: Date): string => now.toISOString().slice(0, 10);

export type IncomeTake = { ok: true } | { ok: false; paidBefore: bigint; budget: bigint };

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
  if (setting === null) return { paid, left: null };
  const budget = BigInt(setting);
  return { paid, left: budget > paid ? budget - paid : 0n };
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
