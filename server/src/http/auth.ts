// The signed-in scope as a Fastify plugin: bearer token, `sign` + `times` headers (docs/api.md "Request headers"),
// the per-address rate limit, and the OpenAPI `security` of every route registered inside it.
import { createHmac } from 'node:crypto';
import { ErrorCode } from '@free/protocol';
import { type HmacSha256Hex, SIGN_WINDOW_MS, verifyRequestSignature } from '@free/protocol/signing';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';
import { authenticate, type SessionUserRow } from '../services/auth.ts';
import { clientKey } from './client-key.ts';
import { sendFailure } from './envelope.ts';
import { setLimitHeaders } from './rate-limit.ts';
import { setEndpointScope } from './route.ts';

export type SignedInOptions = {
  /** requests per minute per signed-in address (the global limit is per IP) */
  perAddress: number;
  /** the route plugins that need a signed-in user */
  routes: readonly FastifyPluginAsyncZod[];
};

/**
 * The credentials the onRequest hook below checks, as OpenAPI security schemes: the API docs
 * declare these and require all three on every route of this scope.
 */
export const signedInSchemes = {
  bearer: { type: 'http', scheme: 'bearer', description: 'the session token of POST /api/common/login' },
  sign: {
    type: 'apiKey',
    in: 'header',
    name: 'sign',
    description: 'lower-case hex HMAC-SHA256 of `token + times`, keyed by the client secret',
  },
  times: {
    type: 'apiKey',
    in: 'header',
    name: 'times',
    description: `the signing time in ms since 1970 (digits only), within ±${SIGN_WINDOW_MS / 60_000} minutes of the server's clock`,
  },
} as const;
const signedInSecurity = [Object.fromEntries(Object.keys(signedInSchemes).map((name) => [name, []]))];

/** protocol's HMAC through node:crypto (native; the protocol's default is portable JS). */
const nodeHmacHex: HmacSha256Hex = (key, message) => createHmac('sha256', key).update(message).digest('hex');

/** Registered as an encapsulated plugin: its hooks reach only the routes given in `routes`. */
export const signedIn: FastifyPluginAsync<SignedInOptions> = async (scope, opts) => {
  const { ctx } = scope;
  setEndpointScope(scope, 'user');
  // One place marks every signed-in route as needing the token, sign and times in the API docs.
  scope.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: signedInSecurity };
  });
  scope.addHook('onRequest', async (req, reply) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) return sendFailure(reply, ErrorCode.Unauthorized);
    const sign = req.headers.sign;
    const times = req.headers.times;
    const check = verifyRequestSignature({
      secret: ctx.config.clientSecret,
      token,
      sign: typeof sign === 'string' ? sign : null,
      times: typeof times === 'string' ? times : null,
      now: ctx.clock().getTime(),
      hmacHex: nodeHmacHex,
    });
    if (check === 'stale') return sendFailure(reply, ErrorCode.StaleTimestamp, 'times');
    if (check === 'bad') return sendFailure(reply, ErrorCode.BadSignature, 'sign');
    const user = await authenticate(ctx.db.db, token, ctx.clock(), ctx.config.sessionIdleMs);
    if (!user) return sendFailure(reply, ErrorCode.Unauthorized);
    req.user = user;
    req.token = token;
  });
  // per address (the global limit is per IP); createRateLimit gives a limiter with its own
  // counters, independent of the global hook's
  const perAddress = scope.createRateLimit({
    max: opts.perAddress,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => `addr:${req.user?.address ?? clientKey(req.ip)}`,
  });
  scope.addHook('preHandler', async (req, reply) => {
    const r = await perAddress(req);
    if (r.isAllowed) return;
    // the answer carries the counters of the limit that refused it, else of the one nearer its end
    if (r.isExceeded) {
      setLimitHeaders(reply, r, true);
      return sendFailure(reply, ErrorCode.TooManyRequests);
    }
    const perIpRemaining = Number(reply.getHeader('x-ratelimit-remaining') ?? Number.POSITIVE_INFINITY);
    if (r.remaining < perIpRemaining) setLimitHeaders(reply, r, false);
  });
  for (const routes of opts.routes) await scope.register(routes);
};

/** The token of an `Authorization: Bearer …` header; the scheme in any case (RFC 9110). */
export function bearerToken(header: string | undefined): string {
  const m = typeof header === 'string' ? /^bearer[ \t]+(\S+)[ \t]*$/i.exec(header) : null;
  return m?.[1] ?? '';
}

/** The signed-in user of a request in the signed-in scope (the auth hook guarantees it). */
export function currentUser(req: FastifyRequest): SessionUserRow {
  if (!req.user) throw new AppError(ErrorCode.Unauthorized);
  return req.user;
}
