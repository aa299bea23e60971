// Builds the Fastify instance: envelope, validation, headers of SPEC §7, auth, rate limits, docs.
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { type Envelope, ErrorCode, errorMessage, isErrorCode } from '@free/protocol';
import { type LanguageCode, resolveLanguage } from '@free/protocol/languages';
import { verifyRequestSignature } from '@free/protocol/signing';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Address, PublicClient } from 'viem';
import { dexAddresses, makeChainClient } from './chain/client.ts';
import type { Config, TrustProxy } from './config.ts';
import type { DbHandle } from './db/client.ts';
import { AppError, isAppError } from './lib/errors.ts';
import { commonRoutes } from './routes/common/index.ts';
import { modulesPublicRoutes, modulesUserRoutes } from './routes/product/modules.ts';
import { moneyPublicRoutes, moneyUserRoutes } from './routes/product/money.ts';
import { userRoutes } from './routes/user/index.ts';
import { teamRoutes } from './routes/user/team.ts';
import { walletRoutes } from './routes/user/wallet.ts';
import { authenticate, type SessionUserRow } from './services/auth.ts';
import { dexFreePrice, type PriceSource } from './services/quotes.ts';
import { seedSettings } from './services/settings.ts';

export const REQUEST_BUDGET_MS = 10_000;

export type ChainDeps = {
  /** EIP-1271/6492 sign-in fallback and contract reads */
  publicClient?: PublicClient;
  /** Payment's current treasury and burn share (what an order must commit to) */
  paymentTerms?: () => Promise<{ treasury: Address; burnBps: bigint }>;
  /** FREE price in USDT (1e18); default: the deployment's DEX pair (tests inject one) */
  freePrice?: PriceSource;
};

/** A hop count trusts that many proxies nearest to the server (proxy-addr's rule). */
const fastifyTrustProxy = (t: TrustProxy) =>
  typeof t === 'number' ? (_addr: string, hop: number) => hop < t : t;

export type AppDeps = {
  db: DbHandle;
  config: Config;
  clock?: () => Date;
  chain?: ChainDeps;
  /** pino options, or false (tests) */
  logger?: boolean | Record<string, unknown>;
  /** server-side budget of one request (default REQUEST_BUDGET_MS) */
  requestBudgetMs?: number;
  /** rate limits (requests per minute); tests raise them */
  rateLimit?: { perIp: number; perAddress: number };
};

export type AppContext = Required<Pick<AppDeps, 'db' | 'config' | 'clock'>> & { chain: ChainDeps };

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: SessionUserRow | null;
    token: string | null;
    lang: LanguageCode;
  }
}

export type App = FastifyInstance;

/** The envelope of a failure: message in the caller's language, with the faulty field named. */
export function failure(code: number, lang: LanguageCode, field?: string): Envelope<null> {
  const text = errorMessage(code, lang);
  return { code, msg: field ? `${text} (${field})` : text, data: null };
}

export function sendFailure(reply: FastifyReply, code: number, field?: string, httpStatus = 200) {
  const lang = reply.request.lang ?? 'en';
  // A string payload skips the route's response serializer (which describes success data).
  return reply
    .code(httpStatus)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(failure(code, lang, field)));
}

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

  app.addHook('onRequest', async (req, reply) => {
    req.lang = resolveLanguage(req.headers['accept-language']);
    // Server-side budget: whatever is still running after 10 s answers Timeout, once.
    const timer = setTimeout(() => {
      if (!reply.sent) void sendFailure(reply, ErrorCode.Timeout, undefined, 200);
    }, budgetMs);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
  });

  app.setErrorHandler((err, req, reply) => {
    if (reply.sent) return;
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const where = err.validationContext === 'querystring' ? 'query' : err.validationContext;
      const path = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const field =
        path || (issue?.params as { keys?: string[] } | undefined)?.keys?.[0] || where || 'request';
      return sendFailure(reply, ErrorCode.BadRequest, field);
    }
    if (isAppError(err)) {
      if (err.detail) req.log.info({ code: err.errorCode, detail: err.detail }, 'refused');
      return sendFailure(reply, err.errorCode, err.field);
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 429) return sendFailure(reply, ErrorCode.TooManyRequests);
    if (status === 413) return sendFailure(reply, ErrorCode.BadRequest, 'body');
    if (status !== undefined && status >= 400 && status < 500) {
      // malformed JSON, wrong content type, empty body…
      return sendFailure(reply, ErrorCode.BadRequest, 'body');
    }
    req.log.error({ err }, 'unhandled error');
    return sendFailure(reply, ErrorCode.Internal);
  });

  app.setNotFoundHandler((_req, reply) => sendFailure(reply, ErrorCode.NotFound, undefined, 404));

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

  // Public route groups.
  await app.register(commonRoutes);
  await app.register(moneyPublicRoutes);
  await app.register(modulesPublicRoutes);

  // Signed-in scope: bearer token, sign/times, per-address limit.
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (req, reply) => {
      const header = req.headers.authorization;
      const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token) return sendFailure(reply, ErrorCode.Unauthorized);
      const sign = req.headers.sign;
      const times = req.headers.times;
      const check = verifyRequestSignature({
        secret: ctx.config.clientSecret,
        token,
        sign: typeof sign === 'string' ? sign : null,
        times: typeof times === 'string' ? times : null,
        now: ctx.clock().getTime(),
      });
      if (check === 'stale') return sendFailure(reply, ErrorCode.StaleTimestamp, 'times');
      if (check === 'bad') return sendFailure(reply, ErrorCode.BadSignature, 'sign');
      const user = await authenticate(ctx.db.db, token, ctx.clock());
      if (!user) return sendFailure(reply, ErrorCode.Unauthorized);
      req.user = user;
      req.token = token;
    });
    // per address (the global limit above is per IP); createRateLimit gives a limiter with its
    // own counters, independent of the global hook's
    const perAddress = scope.createRateLimit({
      max: limits.perAddress,
      timeWindow: 60_000,
      keyGenerator: (req: FastifyRequest) => `addr:${req.user?.address ?? req.ip}`,
    });
    scope.addHook('preHandler', async (req, reply) => {
      const r = await perAddress(req);
      if (!r.isAllowed && r.isExceeded) return sendFailure(reply, ErrorCode.TooManyRequests);
    });
    await scope.register(userRoutes);
    await scope.register(walletRoutes);
    await scope.register(teamRoutes);
    await scope.register(moneyUserRoutes);
    await scope.register(modulesUserRoutes, { price: freePriceOf(ctx) });
  });

  return app as unknown as App;
}

/** FREE's price: the injected source, else the deployment's pair, else ChainUnavailable. */
function freePriceOf(ctx: AppContext): PriceSource {
  if (ctx.chain.freePrice) return ctx.chain.freePrice;
  const dex = dexAddresses(ctx.config);
  if (!dex) {
    return async () => {
      throw new AppError(ErrorCode.ChainUnavailable, undefined, 'no deployment');
    };
  }
  return dexFreePrice(ctx.chain.publicClient ?? makeChainClient(ctx.config), dex);
}

/** Wraps data in the success envelope. */
export function ok<T>(data: T): Envelope<T> {
  return { code: ErrorCode.Ok, msg: 'ok', data };
}

/** The signed-in user of a request in the user scope (the auth hook guarantees it). */
export function currentUser(req: FastifyRequest): SessionUserRow {
  if (!req.user) throw new AppError(ErrorCode.Unauthorized);
  return req.user;
}

export { isErrorCode };
