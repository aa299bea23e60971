// The local developer tools' schemas (POST /api/dev/advance and POST /api/dev/streams/close, served
// only on the local chain with a dev clock: docs/operations.md "Moving time forward").
import { z } from 'zod';
import { DAY_SECONDS } from '../constants.ts';

/** One call moves at most a year: settlement catches up at most 31 days per run anyway. */
export const MAX_ADVANCE_SECONDS = 366 * DAY_SECONDS;

export const devAdvanceBody = z.object({ seconds: z.number().int().positive().max(MAX_ADVANCE_SECONDS) });
export const devAdvanceData = z.object({
  seconds: z.number(),
  chainTime: z.string(),
  serverTime: z.string(),
  settledDays: z.array(z.string()),
  heldDays: z.array(z.object({ day: z.string(), reason: z.string() })),
  roundsSettled: z.number(),
});

/** POST /api/dev/streams/close: how many event streams of this process were ended. */
export const devStreamsCloseData = z.object({ closed: z.number() });
