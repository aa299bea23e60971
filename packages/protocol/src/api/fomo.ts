// The FOMO pool (server: routes/product/fomo.ts).
import { z } from 'zod';
import { address, amountText, isoTime } from './common.ts';

// ---- GET /api/common/fomo ----
export const fomoData = z.object({
  /** FREE in the pool */
  balance: amountText,
  floor: amountText,
  unlockTime: isoTime.nullable(),
  countdownMs: z.number().int(),
  /** false while the pool is below the floor: no earnings are distributed */
  distributing: z.boolean(),
  holdReason: z.enum(['fomo_below_floor']).nullable(),
  /** last settlement day held back, if any */
  lastHoldDay: z.string().nullable(),
  participants: z.array(z.object({ address, amount: amountText, time: isoTime })),
});
