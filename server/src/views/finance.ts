// Ledger entries (flow records) as the API answers them: the user's finance list, the operator's
// ledger of one user (GET /api/admin/users/ledger, the same shape) and the FCC records.
import type * as shop from '@free/protocol/api/shop';
import type { FinanceItem, financeData } from '@free/protocol/api/user';
import type { z } from 'zod';
import { amt, iso } from '../lib/format.ts';
import type { FinanceEntry, FinancePage } from '../services/ledger.ts';

/** A flow record as the API answers it (signed amount: negative leaves the account). */
export const toFinanceItemView = (e: FinanceEntry): FinanceItem => ({
  id: e.id,
  time: iso(e.time),
  kind: e.kind,
  account: e.account,
  asset: e.asset,
  amount: amt(e.amount),
  ref: e.ref,
});

/** A page of flow records as the API answers it. */
export const toFinancePageView = (p: FinancePage): z.infer<typeof financeData> => ({
  ...p,
  list: p.list.map(toFinanceItemView),
});

/** An FCC record (a flow record in FCC; the asset goes without saying) as the API answers it. */
export const toFccRecordView = (e: FinanceEntry): z.infer<typeof shop.fccRecord> => ({
  id: e.id,
  time: iso(e.time),
  kind: e.kind,
  account: e.account,
  amount: amt(e.amount),
  ref: e.ref,
});
