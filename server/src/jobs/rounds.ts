// The prediction-rounds job: every tick observes the DEX pair's cumulative price, settles ended
// rounds at their time-weighted average and opens the round of the current period.

import { noopLog } from '../lib/logger.ts';
import { roundsTick } from '../services/rounds.ts';
import { type JobContext, type Jobs, oracleFor, runLoop } from './loop.ts';

/** Starts the rounds job (tick every second by default, so a round opens right at its minute). */
export function startRoundsJob(ctx: JobContext): Jobs {
  const oracle = oracleFor(ctx);
  const clock = ctx.clock ?? (() => new Date());
  if (!oracle) {
    (ctx.log ?? noopLog).warn({}, 'jobs: no deployment; rounds job not started');
    return { stop: async () => {} };
  }
  return runLoop(ctx, 'rounds', 'free:rounds', ctx.intervalMs ?? 1000, async ({ db }) => {
    await roundsTick(db, { now: clock(), oracle });
  });
}
