// Airdrop and presale allocation answers: one kind's release, its unlock records, the quota.
import type { airdropData, allocationKind, quotaData, unlocksData } from '@free/protocol/api/airdrop';
import type { z } from 'zod';
import { amt, iso, isoOrNull } from '../lib/format.ts';
import type { AirdropView, QuotaView, UnlockItem } from '../services/airdrop.ts';

type AllocationKind = z.infer<typeof allocationKind>;

/** One kind's allocation at `now`: released so far, the countdown to its end. */
export const toAirdropView = (
  v: AirdropView,
  kind: AllocationKind,
  now: Date,
): z.infer<typeof airdropData> => {
  const left = v.endAt ? v.endAt.getTime() - now.getTime() : 0;
  return {
    kind,
    totalAllocation: amt(v.totalAllocation),
    personal: amt(v.personal),
    released: amt(v.released),
    yesterday: amt(v.yesterday),
    today: amt(v.today),
    unlockTime: isoOrNull(v.unlockAt),
    endTime: isoOrNull(v.endAt),
    countdownMs: Math.max(0, left),
    ended: v.endAt !== null && left <= 0,
  };
};

export const toUnlocksView = (
  r: { list: UnlockItem[]; total: number },
  page: { page: number; size: number },
): z.infer<typeof unlocksData> => ({
  list: r.list.map((u) => ({
    allocationId: u.allocationId,
    kind: u.kind as AllocationKind,
    day: u.day,
    amount: amt(u.amount),
    time: iso(u.time),
  })),
  total: r.total,
  page: page.page,
  size: page.size,
});

export const toQuotaView = (q: QuotaView): z.infer<typeof quotaData> => ({
  total: amt(q.total),
  reserved: amt(q.reserved),
  deducted: amt(q.deducted),
  paymentAmount: amt(q.paymentAmount),
  presale: amt(q.presale),
  airdrop: amt(q.airdrop),
});
