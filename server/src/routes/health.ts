// The health probes (docs/deploy.md "Health and metrics"): liveness for the supervisor, readiness
// for the load balancer. Neither needs the `platform` header nor counts against the rate limits
// (http/api-headers.ts isHealthProbe).
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { ReadyData } from '@free/protocol/api/health';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failure, ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { ErrorCode } from '../lib/errors.ts';
import { ready, readyCheck } from '../lib/metrics.ts';
import { readiness } from '../services/health.ts';

/** The app's readiness, also set as free_ready and free_ready_check (main.ts samples it too). */
export async function checkReady(app: FastifyInstance): Promise<ReadyData> {
  const { ctx } = app;
  if (ctx.stopping) {
    // stopping (SIGTERM): not ready at once, without asking a dependency that may be closing
    const skipped = { state: 'skipped' as const, ms: 0 };
    ready.set(0);
    const checks = { database: skipped, migrations: skipped, rpc: skipped, redis: skipped };
    return { ready: false, stopping: true, checks };
  }
  const client = ctx.chain.publicClient;
  const state = await readiness({
    handle: ctx.db,
    chainId: ctx.config.chainId,
    ...(client ? { rpcChainId: () => client.getChainId() } : {}),
    ...(ctx.redis ? { redis: ctx.redis } : {}),
  });
  ready.set(state.ready ? 1 : 0);
  for (const [check, c] of Object.entries(state.checks))
    readyCheck.set({ check }, c.state === 'failed' ? 0 : 1);
  return state;
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, e.getHealth, async () => ok({ status: 'live' as const }));
  route(app, e.getHealthReady, async (req, reply) => {
    const state = await checkReady(app);
    if (state.ready) return ok(state);
    // not ready: the ServiceUnavailable envelope, whose data names each check
    return (reply as FastifyReply)
      .code(503)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ ...failure(ErrorCode.ServiceUnavailable, req.lang), data: state }));
  });
};
