// The daily budget of off-chain USDT income (`income_daily_budget_wei`): settlement's static and
// dynamic income of a day and Huan Li Bao income paid on a day take from one counter per day
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
 * Takes `amount` from the budget of `day` (row locked to the end of the transaction: concurrent
 * payers cannot both take the last of it). Refused when it would pass the budget; the amount refused
 * is kept as the day's `held` (the last one refused). Without a budget everything is taken (and counted).
 */
export async function takeIncome(tx: Executor, day: string, amount: bigint): Promise<IncomeTake> {
  if (amount <= 0n) return { ok: true };
  const setting = await getSetting(tx, 'income_daily_budget_wei');
  await tx.execute(sql`INSERT INTO income_budget_days (day) VALUES (${day}) ON CONFLICT (day) DO NOTHING`);
  const [row] = rowsOf<{ paid: string }>(
    await tx.execute(sql`SELECT paid::text AS paid FROM income_budget_days WHERE day = ${day} FOR UPDATE`),
  );
  const paidBefore = BigInt(row?.paid ?? '0');
  if (setting !== null && paidBefore + amount > BigInt(setting)) {
    // a refused payment is tried again later: keep the last one refused, not a running sum
    await tx.execute(sql`UPDATE income_budget_days SET held = ${amount.toString()} WHERE day = ${day}`);
    return { ok: false, paidBefore, budget: BigInt(setting) };
  }
  await tx.execute(sql`UPDATE income_budget_days SET paid = paid + ${amount.toString()} WHERE day = ${day}`);
  return { ok: true };
}
