// Builds the Fastify instance from the parts in http/: envelope, validation and serialization,
// request headers (docs/api.md), CORS, auth, rate limits, docs, then the routes. Composition only: each rule
// lives in its module.
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { servesApi } from './config.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { installApiHeaders } from './http/api-headers.ts';
import { signedIn } from './http/auth.ts';
import {
  type App,
  type AppContext,
  type AppDeps,
  fastifyTrustProxy,
  REQUEST_BUDGET_MS,
} from './http/context.ts';
import { installCors } from './http/cors.ts';
import { errorHandler } from './http/error-handler.ts';
import { loggerOptions, RequestLog, requestIdOf } from './http/logging.ts';
import { installNotFound } from './http/not-found.ts';
import { registerRateLimits } from './http/rate-limit.ts';
import { installRequestContext } from './http/request-context.ts';
import { installRequestMetrics } from './http/request-metrics.ts';
import { setEndpointScope } from './http/route.ts';
import { responseSerializerCompiler } from './http/serializer.ts';
import { installStorableText } from './http/storable-text.ts';
import { StreamRegistry } from './http/streams.ts';
import { rememberSecrets, secretsOfSettings } from './lib/redact.ts';
import { installRequestBudget } from './lib/request-budget.ts';
import { installSecurityHeaders } from './lib/security-headers.ts';
import { devRoutes } from './routes/dev.ts';
import { healthRoutes } from './routes/health.ts';
import { publicRoutes, signedInRoutes } from './routes/index.ts';
import { EventBus } from './services/event-bus.ts';
import { ReadCache } from './services/read-cache.ts';
import { forgetSession, forgetUser } from './services/session-cache.ts';
import { seedSettings } from './services/settings.ts';

export type { App, AppDeps, ChainDeps, DevTools } from './http/context.ts';

export async function buildApp(deps: AppDeps): Promise<App> {
  const events = new EventBus();
  const ctx: AppContext = {
    db: deps.db,
    config: deps.config,
    clock: deps.clock ?? (() => new Date()),
    chain: deps.chain ?? {},
    events,
    reads: new ReadCache(events),
    streams: new StreamRegistry(),
    stopping: false,
  };
  // a jobs process (PROCESS_ROLE=jobs) serves only the health probes; its metrics have their own port
  const apiServed = servesApi(deps.config.role);
  const budgetMs = deps.requestBudgetMs ?? REQUEST_BUDGET_MS;
  const app = Fastify({
    logger: loggerOptions(deps),
    // one line per request instead of Fastify's two
    logController: new RequestLog(),
    // nginx's $request_id (X-Request-Id) when well formed, else a new one: in every log line
    genReqId: requestIdOf,
    requestIdHeader: false,
    requestTimeout: REQUEST_BUDGET_MS,
    connectionTimeout: REQUEST_BUDGET_MS,
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // behind a reverse proxy req.ip is the client of X-Forwarded-For, so limits are per client
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate('ctx', ctx);
  // the secrets of the settings never reach a log line or an answer (lib/redact.ts)
  rememberSecrets(
    secretsOfSettings({
      rpcUrl: deps.config.rpcUrl,
      databaseUrl: deps.config.databaseUrl,
      redisUrl: deps.config.redisUrl,
      clientSecret: deps.config.clientSecret,
      keys: [deps.config.signerKey, deps.config.hotWalletKey],
    }),
  );
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);

  await seedSettings(ctx.db.db);
  // streams and caches of this process hear every process's changes (a failed first attempt
  // keeps retrying; meanwhile caches answer nothing from memory)
  await events.start(ctx.db);
  app.addHook('onClose', async () => events.stop());
  // a user's movement may have changed their row too (ignition): their sessions read it again
  events.subscribe((m) => {
    if (m.t === 'user' && m.u) for (const id of m.u) forgetUser(id);
    // a session revoked on another process is refused here at once, not after the cache's 2 s
    if (m.t === 'revoke') {
      if (m.s) for (const hash of m.s) forgetSession(hash);
      else forgetUser(m.u);
    }
  });

  // every route comes from protocol's endpoint map (http/route.ts); the docs page is the API's own
  app.addHook('onRoute', (r) => {
    if (r.method !== 'HEAD' && r.url !== '/api/docs' && !r.config?.endpoint)
      throw new Error(`${String(r.method)} ${r.url} is not registered from the endpoint map (http/route.ts)`);
    deps.onRoute?.(r);
  });
  installRequestMetrics(app);
  installRequestBudget(app, budgetMs);
  installSecurityHeaders(app);
  installRequestContext(app, budgetMs);
  app.setErrorHandler(errorHandler);
  installNotFound(app);
  installCors(app, deps.config.siweDomains);
  const limits = deps.rateLimit ?? deps.config.rateLimits;
  const redis = await registerRateLimits(app, limits, deps.config);
  if (redis) ctx.redis = redis;
  if (apiServed) await registerApiDocs(app);
  installApiHeaders(app);
  installStorableText(app);

  setEndpointScope(app, 'public');
  if (!apiServed) {
    await app.register(healthRoutes);
    return app as unknown as App;
  }
  for (const routes of publicRoutes) await app.register(routes);
  if (deps.devTools) await app.register(devRoutes(deps.devTools));
  // bearer token, sign/times, per-address limit
  await app.register(signedIn, { perAddress: limits.perAddress, routes: signedInRoutes });

  return app as unknown as App;
}
