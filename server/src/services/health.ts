// Readiness (GET /api/health/ready, docs/deploy.md "Health and metrics"): the database answers,
// its migrations are the ones this code knows, the RPC answers the deployment's chain id, and
// Redis answers where one is configured. Each check has its own deadline, so a hung dependency
// makes the probe answer "not ready" in time instead of hanging the load balancer's request.
import type { HealthCheckName, ReadyData } from '@free/protocol/api/health';
import { sql } from 'drizzle-orm';
import { type DbHandle, migrationStatus } from '../db/client.ts';
import { redact } from '../lib/redact.ts';

/** Each check gets this long before it counts as failed. */
export const READY_CHECK_MS = 2_000;

export type ReadinessDeps = {
  handle: DbHandle;
  /** the deployment's chain id, which the RPC must answer */
  chainId: number;
  /** eth_chainId of the configured RPC; absent: no RPC client (an app built without a chain) */
  rpcChainId?: () => Promise<number>;
  /** the rate limits' Redis, when REDIS_URL is set */
  redis?: { ping: () => Promise<unknown> };
  timeoutMs?: number;
};

type Check = ReadyData['checks'][HealthCheckName];

class Failed extends Error {}

async function timed(timeoutMs: number, work: (() => Promise<string | undefined>) | null): Promise<Check> {
  if (!work) return { state: 'skipped', ms: 0 };
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Failed(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const detail = await Promise.race([work(), deadline]);
    return { state: 'ok', ms: Math.round(performance.now() - started), ...(detail ? { detail } : {}) };
  } catch (err) {
    const message =
      err instanceof Failed ? err.message : (String((err as Error)?.message ?? err).split('\n')[0] ?? '');
    // an RPC error names its URL, which may hold the provider's key
    return { state: 'failed', ms: Math.round(performance.now() - started), detail: redact(message) };
  } finally {
    clearTimeout(timer);
  }
}

/** Every check at once; ready when each one is ok or skipped. */
export async function readiness(deps: ReadinessDeps): Promise<ReadyData> {
  const ms = deps.timeoutMs ?? READY_CHECK_MS;
  const [database, migrations, rpc, redis] = await Promise.all([
    timed(ms, async () => {
      await deps.handle.db.execute(sql`SELECT 1`);
      return undefined;
    }),
    timed(ms, async () => {
      const s = await migrationStatus(deps.handle);
      if (s.pending.length > 0) throw new Failed(`pending: ${s.pending.join(', ')} (run the migrations)`);
      if (s.unknown.length > 0)
        throw new Failed(`the database has migrations this release does not know: ${s.unknown.join(', ')}`);
      return undefined;
    }),
    timed(
      ms,
      deps.rpcChainId
        ? async () => {
            const id = await (deps.rpcChainId as () => Promise<number>)();
            if (id !== deps.chainId) throw new Failed(`the RPC answers chain id ${id}, not ${deps.chainId}`);
            return undefined;
          }
        : null,
    ),
    timed(
      ms,
      deps.redis
        ? async () => {
            await deps.redis?.ping();
            return undefined;
          }
        : null,
    ),
  ]);
  const checks = { database, migrations, rpc, redis };
  return { ready: Object.values(checks).every((c) => c.state !== 'failed'), checks };
}
