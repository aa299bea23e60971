// The operator console's money answers: allocation grants and imports, unmatched payments, money
// limits; amounts in token units, times as ISO.
import type {
  AdminWithdrawal,
  AllocationImportData,
  allocationLine,
  MoneyLimit,
  UnmatchedPayment,
  UnmatchedPaymentsData,
  WithdrawalHold,
} from '@free/protocol/api/admin';
import type { Page } from '@free/protocol/api/common';
import { formatUnits } from 'viem';
import type { z } from 'zod';
import { amt, checksum, iso } from '../lib/format.ts';
import type { AllocationLineResult, AllocationRun } from '../services/admin-allocations.ts';
import type { MoneyLimitValue } from '../services/money-limits.ts';
import type { UnmatchedPaymentRow } from '../services/unmatched-payments.ts';
import type { Withdrawal } from '../services/withdraw.ts';

/** One allocation line (allocation:grant answers it alone, allocation:import within the run). */
export const toAllocationLineView = (l: AllocationLineResult): z.infer<typeof allocationLine> => ({
  line: l.line,
  address: l.address,
  amount: amt(l.amount),
  unlockAt: iso(l.unlockAt),
  endAt: iso(l.endAt),
  error: l.error,
  refusal: l.refusal,
  granted: l.granted,
});

export const toAllocationImportView = (r: AllocationRun): AllocationImportData => ({
  dryRun: r.dryRun,
  lines: r.lines.map(toAllocationLineView),
  valid: r.valid,
  invalid: r.invalid,
  total: amt(r.total),
});

export const toUnmatchedPaymentView = (p: UnmatchedPaymentRow): UnmatchedPayment => ({
  txHash: p.txHash,
  logIndex: p.logIndex,
  blockNumber: p.blockNumber,
  orderId: p.orderId,
  payer: p.payer,
  token: p.token,
  to: p.toAddress,
  amount: amt(p.amount),
  burned: amt(p.burned),
  executorReward: amt(p.executorReward),
  reason: p.reason,
  paidAt: iso(p.paidAt),
});

export const toUnmatchedPaymentsView = (page: Page<UnmatchedPaymentRow>): UnmatchedPaymentsData => ({
  list: page.list.map(toUnmatchedPaymentView),
  total: page.total,
  page: page.page,
  size: page.size,
});

export const toMoneyLimitView = (l: MoneyLimitValue): MoneyLimit => ({
  key: l.key,
  token: l.token,
  nullable: l.nullable,
  value: l.value === null ? null : amt(l.value),
});

/**
 * Why a withdrawal is held, while it says something: waiting for funds only while queued, the fee
 * ceiling only while its transaction is pending; a payout after the refund always.
 */
export function toWithdrawalHoldView(w: Pick<Withdrawal, 'state' | 'hold'>): WithdrawalHold | null {
  const h = w.hold;
  if (!h) return null;
  if (h.kind === 'funds' && w.state === 'queued')
    return {
      kind: 'funds',
      missing: h.missing.map((m) => ({ asset: m.asset, amount: amt(BigInt(m.amount)) })),
    };
  if (h.kind === 'fee_ceiling' && (w.state === 'signed' || w.state === 'broadcast'))
    return { kind: 'fee_ceiling', maxFeeGwei: formatUnits(BigInt(h.maxFeePerGas), 9), versions: h.versions };
  if (h.kind === 'paid_after_refund') return h;
  return null;
}

/** A withdrawal in the operators' list (withdrawals:list, GET /api/admin/withdrawals). */
export const toAdminWithdrawalView = (w: Withdrawal): AdminWithdrawal => ({
  id: w.id,
  userId: w.userId,
  amount: amt(w.amount),
  asset: w.asset,
  // stored checksummed (services/withdraw.ts), so this changes nothing but the type
  to: checksum(w.toAddress),
  state: w.state,
  txHash: w.txHash,
  failReason: w.failReason,
  rejectReason: w.rejectReason,
  hold: toWithdrawalHoldView(w),
  createdAt: iso(w.createdAt),
});
