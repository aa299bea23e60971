// The reconciliation as answered (the dashboard's and `npm run ops -- reconcile`'s): amounts in token units.
import type { DashboardData } from '@free/protocol/api/admin';
import { amt } from '../lib/format.ts';
import type { Reconciliation } from '../services/reconcile.ts';

export type ReconciliationView = NonNullable<DashboardData['reconciliation']>[number];

export const toReconciliationView = (r: Reconciliation): ReconciliationView => ({
  token: r.token,
  owed: amt(r.owed),
  held: amt(r.held),
  short: amt(r.short),
  paidAfterRefund: r.paidAfterRefund,
});
