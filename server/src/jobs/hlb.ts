// The Huan Li Bao job: accrues static (and the inviters' dynamic) income for whole days held, and
// pays redemption interest the daily income budget held, while the budget allows.
import { accrueHlb } from '../services/hlb.ts';
import { payHeldInterest } from '../services/staking-orders.ts';
import { type JobContext, type Jobs, runLoop } from './loop.ts';

export function startHlbJob(ctx: JobContext): Jobs {
  const clock = ctx.clock ?? (() => new Date());
  return runLoop(ctx, 'hlb', 'free:hlb', ctx.intervalMs ?? 300_000, async ({ db }) => {
    await accrueHlb(db, clock());
    await payHeldInterest(db, clock());
  });
}
