// The presale's answers: its terms and figures, and a purchase.
import type * as api from '@free/protocol/api/airdrop';
import type { z } from 'zod';
import { amt, iso } from '../lib/format.ts';
import type { PresaleBought, PresaleInfo } from '../services/presale.ts';

/** The presale's terms and figures as the API answers them. */
export const toPresaleInfoView = (p: PresaleInfo): z.infer<typeof api.presaleInfo> => ({
  open: p.open,
  price: amt(p.price),
  quota: amt(p.quota),
  sold: amt(p.sold),
  remaining: amt(p.remaining),
  maxPerUser: amt(p.maxPerUser),
  mine: amt(p.mine),
  minUsdt: amt(p.minUsdt),
  maxUsdt: amt(p.maxUsdt),
  unlockAfterDays: p.unlockAfterDays,
  unlockDays: p.unlockDays,
});

/** A presale purchase as the API answers it. */
export const toPresaleBoughtView = (b: PresaleBought): z.infer<typeof api.presaleBuyData> => ({
  allocationId: b.allocationId,
  free: amt(b.free),
  paidUsdt: amt(b.paidUsdt),
  unlockTime: iso(b.unlockAt),
  endTime: iso(b.endAt),
});
