// Builds the Fastify instance: envelope, validation, headers of SPEC §7, auth, rate limits, docs.
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { ErrorCode } from '@free/protocol';
import { resolveLanguage } from '@free/protocol/languages';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { signedIn } from './http/auth.ts';
import {
  type App,
  type AppContext,
  type AppDeps,
  fastifyTrustProxy,
  REQUEST_BUDGET_MS,
} from './http/context.ts';
import { sendFailure } from './http/envelope.ts';
import { errorHandler, notFoundHandler } from './http/error-handler.ts';
import { sharedRateLimitOptions } from './http/rate-limit.ts';
import { installRequestBudget } from './lib/request-budget.ts';
import { installSecurityHeaders } from './lib/security-headers.ts';
import { devRoutes } from './routes/dev.ts';
import { publicRoutes, signedInRoutes } from './routes/index.ts';
import { seedSettings } from './services/settings.ts';

export type { App, AppContext, AppDeps, ChainDeps, DevTools } from './http/context.ts';
export { REQUEST_BUDGET_MS } from './http/context.ts';

const REDACT = [
  'req.headers.authorization',
  'req.headers.sign',
  'req.headers["idempotency-key"]',
  'headers.authorization',
  'headers.sign',
  '*.signerKey',
  '*.hotWalletKey',
  '*.clientSecret',
  '*.token',
];

export async function buildApp(deps: AppDeps): Promise<App> {
  const ctx: AppContext = {
    db: deps.db,
    config: deps.config,
    clock: deps.clock ?? (() => new Date()),
    chain: deps.chain ?? {},
  };
  const loggerOpt =
    deps.logger === false || deps.logger === undefined
      ? false
      : {
          level: deps.config.logLevel,
          redact: { paths: REDACT, censor: '[redacted]' },
          ...(deps.logger === true ? {} : deps.logger),
        };

  const budgetMs = deps.requestBudgetMs ?? REQUEST_BUDGET_MS;
  const app = Fastify({
    logger: loggerOpt,
    requestTimeout: REQUEST_BUDGET_MS,
    connectionTimeout: REQUEST_BUDGET_MS,
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // behind a reverse proxy req.ip is the client of X-Forwarded-For, so limits are per client
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  app.decorateRequest('lang', 'en');

  await seedSettings(ctx.db.db);

  installRequestBudget(app, budgetMs);
  installSecurityHeaders(app);
  app.addHook('onRequest', async (req, reply) => {
    req.lang = resolveLanguage(req.headers['accept-language']);
    // Server-side budget: whatever is still running after 10 s answers Timeout, once.
    const timer = setTimeout(() => {
      if (!reply.sent) void sendFailure(reply, ErrorCode.Timeout, undefined, 200);
    }, budgetMs);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
  });

  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);

  await app.register(cors, {
    origin: (origin, cb) => {
      // the web app (any configured SIWE host) and tools without an Origin header
      if (!origin) return cb(null, true);
      const host = origin.replace(/^https?:\/\//, '');
      cb(null, deps.config.siweDomains.includes(host));
    },
    allowedHeaders: [
      'content-type',
      'authorization',
      'platform',
      'sign',
      'times',
      'accept-language',
      'idempotency-key',
    ],
    methods: ['GET', 'POST', 'OPTIONS'],
    maxAge: 600,
  });

  const limits = deps.rateLimit ?? { perIp: 600, perAddress: 240 };
  await app.register(rateLimit, {
    global: true,
    max: limits.perIp,
    timeWindow: 60_000,
    keyGenerator: (req) => `ip:${req.ip}`,
    errorResponseBuilder: (_req, context) =>
      Object.assign(new Error('rate limited'), { statusCode: context.statusCode }),
    // REDIS_URL: counters shared by every API process (the per-address limiter inherits them)
    ...(await sharedRateLimitOptions(app, deps.config)),
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'FREE API',
        version: '1.0.0',
        description:
          'Every response is `{ code, msg, data }` with HTTP 200; `code` 200 is success, other codes come from @free/protocol ErrorCode.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  // SPEC §7 `platform` header on every API call
  app.addHook('preValidation', async (req, reply) => {
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/docs')) return;
    // `pageSize` is accepted as an alias of `size` on every paged list
    const q = req.query as Record<string, unknown> | undefined;
    if (q && q.pageSize !== undefined && q.size === undefined) q.size = q.pageSize;
    const platform = req.headers.platform;
    if (typeof platform !== 'string' || !/^[a-z0-9]{1,16}$/.test(platform)) {
      return sendFailure(reply, ErrorCode.BadRequest, 'platform');
    }
  });

  for (const routes of publicRoutes) await app.register(routes);
  if (deps.devTools) await app.register(devRoutes(deps.devTools));
  // bearer token, sign/times, per-address limit
  await app.register(signedIn, { perAddress: limits.perAddress, routes: signedInRoutes });

  return app as unknown as App;
}
