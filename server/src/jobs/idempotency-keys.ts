// The idempotency-keys job: deletes keys older than their window (services/idempotency.ts,
// docs/api.md "Request headers") in batches, so the table holds about a day of money requests.
// Leader-run like every job; it needs no chain.
import { deleteExpiredIdempotencyKeys } from '../services/idempotency.ts';
import { type JobContext, type Jobs, runLoop } from './loop.ts';

/** Keys deleted per transaction: a backlog goes in short steps, never one long lock. */
export const IDEMPOTENCY_DELETE_BATCH = 5_000;

export function startIdempotencyKeysJob(ctx: JobContext & { batch?: number }): Jobs {
  const batch = ctx.batch ?? IDEMPOTENCY_DELETE_BATCH;
  // the chain guard is left out: deleting old keys does not depend on the RPC
  const { chainGuard: _unused, ...loopCtx } = ctx;
  return runLoop(
    loopCtx,
    'idempotency-keys',
    'free:idempotency-keys',
    ctx.intervalMs ?? 10 * 60_000,
    async ({ db }) => {
      const n = await deleteExpiredIdempotencyKeys(db.db, batch);
      if (n > 0)
        ctx.log?.info({ job: 'idempotency-keys', deleted: n }, 'idempotency keys: outdated ones deleted');
      // a full batch: more may wait, run again at once
      return n === batch;
    },
  );
}
