// The operator dashboard as answered (GET /api/admin/dashboard): amounts in token units, times as
// ISO, addresses checksummed.
import type { DashboardData } from '@free/protocol/api/admin';
import { amt, checksum, iso } from '../lib/format.ts';
import type { ChainFigures, Dashboard } from '../services/admin-dashboard.ts';
import { toReconciliationView } from './reconcile.ts';

const toChainFiguresView = (c: ChainFigures): NonNullable<DashboardData['chain']> => ({
  head: c.head,
  staking: {
    address: checksum(c.staking.address),
    reserve: amt(c.staking.reserve),
    committed: amt(c.staking.committed),
    openPrincipal: amt(c.staking.openPrincipal),
    availableReserve: amt(c.staking.availableReserve),
  },
  hotWallet: {
    address: checksum(c.hotWallet.address),
    USDT: amt(c.hotWallet.USDT),
    FREE: amt(c.hotWallet.FREE),
    gas: amt(c.hotWallet.gas),
  },
  treasury: { address: checksum(c.treasury.address), USDT: amt(c.treasury.USDT), FREE: amt(c.treasury.FREE) },
});

export const toDashboardView = (d: Dashboard): DashboardData => ({
  chain: d.chain ? toChainFiguresView(d.chain) : null,
  chainError: d.chainError,
  chainMismatch: d.chainMismatch,
  fomo: { balance: amt(d.fomo.balance), floor: amt(d.fomo.floor), aboveFloor: d.fomo.aboveFloor },
  incomeBudget: {
    day: d.incomeBudget.day,
    budget: d.incomeBudget.budget === null ? null : amt(d.incomeBudget.budget),
    paid: amt(d.incomeBudget.paid),
    lastHeld: amt(d.incomeBudget.lastHeld),
    heldInterest: {
      count: d.incomeBudget.heldInterest.count,
      amount: amt(d.incomeBudget.heldInterest.amount),
    },
  },
  liabilities: { USDT: amt(d.liabilities.USDT), FREE: amt(d.liabilities.FREE) },
  reconciliation: d.reconciliation?.map(toReconciliationView) ?? null,
  indexer: d.indexer,
  payouts: d.payouts.map((p) => ({ state: p.state, count: p.count, amount: amt(p.amount) })),
  settlement: d.settlement.map((r) => ({
    step: r.step,
    day: r.day,
    rows: r.rows,
    total: amt(r.total),
    finishedAt: iso(r.finishedAt),
  })),
  modules: d.modules,
});
