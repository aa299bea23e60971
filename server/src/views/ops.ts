// The operator tool's answers that no route shares (`npm run ops -- <command>`): amounts in token units.

import type { SweepResult } from '../jobs/hot-wallet-rotation.ts';
import { amt } from '../lib/format.ts';
import type { IncomeBudgetFigures } from '../services/income-budget.ts';

/** `reserve:fund`: the USDT sent into the reserve and its transactions. */
export const toReserveFundedView = (amount: bigint, sent: { txHashes: string[] }) => ({
  amount: amt(amount),
  ...sent,
});

/** `hotwallet:sweep`: what moved from the drained wallet to the new one. */
export const toHotWalletSweepView = (r: SweepResult) => ({
  ...r,
  moved: r.moved.map((m) => ({ ...m, amount: amt(m.amount) })),
});

/** `income:budget`: today's budget, what was paid and is left, and what waits per kind. */
export function toIncomeBudgetView(f: IncomeBudgetFigures) {
  const { interest, fccBonus, hlbDays, settlementDays } = f.held;
  return {
    day: f.day,
    budget: f.budget === null ? null : amt(f.budget),
    paid: amt(f.paid),
    left: f.left === null ? null : amt(f.left),
    lastHeld: amt(f.lastHeld),
    held: {
      redemptionInterest: { count: interest.count, usdt: amt(interest.amount) },
      fccBonus: { count: fccBonus.count, fcc: amt(fccBonus.amount), usdt: amt(fccBonus.usdt) },
      huanLiBao: { count: hlbDays.count, days: hlbDays.days, usdt: amt(hlbDays.amount) },
      settlementDays,
    },
  };
}
