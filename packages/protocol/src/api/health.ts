// The health probes' answers (docs/deploy.md "Health and metrics"): liveness says the process
// serves; readiness names each dependency it checked, so a load balancer and the person on call read
// the same answer.
import { z } from 'zod';

/** GET /api/health: the process serves (nothing else is checked). */
export const healthData = z.object({ status: z.literal('live') });

/** `skipped`: not configured for this process (Redis without REDIS_URL). */
export const HEALTH_CHECK_STATES = ['ok', 'failed', 'skipped'] as const;

export const healthCheck = z.object({
  state: z.enum(HEALTH_CHECK_STATES),
  /** how long the check took */
  ms: z.number().int().nonnegative(),
  /** why it failed (never a setting's secret part) */
  detail: z.string().optional(),
});

export const HEALTH_CHECKS = ['database', 'migrations', 'rpc', 'redis'] as const;
export type HealthCheckName = (typeof HEALTH_CHECKS)[number];

/** GET /api/health/ready: `ready` only when every check is `ok` or `skipped`. */
export const readyData = z.object({
  ready: z.boolean(),
  /** true once the process is shutting down (SIGTERM): not ready whatever the checks say */
  stopping: z.literal(true).optional(),
  checks: z.object({
    database: healthCheck,
    migrations: healthCheck,
    rpc: healthCheck,
    redis: healthCheck,
  }),
});
export type ReadyData = z.infer<typeof readyData>;
