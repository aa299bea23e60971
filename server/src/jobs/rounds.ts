// The prediction-rounds job: every tick settles ended rounds at the DEX price and opens the round
// of the current period.
import { roundsTick } from '../services/rounds.ts';
import { type JobContext, type Jobs, noopLog, priceFor, runLoop } from './loop.ts';

/** Starts the rounds job (tick every second by default, so a round opens right at its minute). */
export function startRoundsJob(ctx: JobContext): Jobs {
  const price = priceFor(ctx);
  const clock = ctx.clock ?? (() => new Date());
  if (!price) {
    (ctx.log ?? noopLog).warn({}, 'jobs: no deployment; rounds job not started');
    return { stop: async () => {} };
  }
  return runLoop(ctx, 'rounds', 'free:rounds', ctx.intervalMs ?? 1000, async ({ db }) => {
    await roundsTick(db, { now: clock(), price });
  });
}
