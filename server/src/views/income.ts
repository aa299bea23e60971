// The user's income (GET /api/user/income_info) as the API answers it: wei as decimal strings.
import type { IncomeData } from '@free/protocol/api/user';
import { amt } from '../lib/format.ts';
import type { IncomeFig, IncomeSummary } from '../services/income.ts';

const fig = (f: IncomeFig) => ({ USDT: amt(f.USDT), FREE: amt(f.FREE) });

/** The income summary as the API answers it. */
export const toIncomeView = (s: IncomeSummary): IncomeData => ({
  list: s.list.map((k) => ({
    kind: k.kind,
    today: fig(k.today),
    yesterday: fig(k.yesterday),
    total: fig(k.total),
  })),
  fccBonus: {
    today: amt(s.fccBonus.today),
    yesterday: amt(s.fccBonus.yesterday),
    total: amt(s.fccBonus.total),
  },
  day: s.day,
});
