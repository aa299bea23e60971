// The FOMO pool's public answer.
import type { CommandResult } from '@free/protocol/api/admin';
import type { fomoData } from '@free/protocol/api/fomo';
import type { z } from 'zod';
import { amt, checksum, iso, isoOrNull } from '../lib/format.ts';
import { FOMO_HOLD_REASON, type FomoView } from '../services/fomo.ts';

export const toFomoView = (v: FomoView): z.infer<typeof fomoData> => ({
  balance: amt(v.balance),
  floor: amt(v.floor),
  unlockTime: isoOrNull(v.unlockAt),
  countdownMs: v.countdownMs,
  distributing: v.distributing,
  holdReason: v.holdReason === FOMO_HOLD_REASON ? FOMO_HOLD_REASON : null,
  lastHoldDay: v.lastHoldDay,
  participants: v.participants.map((p) => ({
    address: checksum(p.address),
    amount: amt(p.amount),
    time: iso(p.time),
  })),
});

/** The operator's `fomo:fund`: what was asked, whether this ref added it, and the pool's balance after. */
export const toFomoFundedView = (f: {
  amount: bigint;
  ref: string;
  added: boolean;
  balance: bigint;
}): CommandResult<'fomo:fund'> => ({ ...f, amount: amt(f.amount), balance: amt(f.balance) });
