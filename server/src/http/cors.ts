// CORS for the web app: a browser page on one of the configured SIWE hosts may call the API; no
// other origin gets an Access-Control-Allow-Origin. Requests without an Origin header (same-origin
// through the proxy, tools, the bench) pass untouched, so the common path costs one header read.
// Preflights of an allowed origin are answered in onRequest, before auth and the rate limits; a
// preflight of another origin falls through to the 404 envelope.
import type { FastifyInstance } from 'fastify';
import { RATE_LIMIT_HEADERS } from './rate-limit.ts';

/** Request headers the web app sends (docs/api.md "Request headers") that a preflight must allow. */
export const CORS_ALLOWED_HEADERS = [
  'content-type',
  'authorization',
  'platform',
  'sign',
  'times',
  'accept-language',
  'idempotency-key',
] as const;
const METHODS = 'GET, POST, OPTIONS';
/** How long a browser may reuse a preflight answer (seconds). */
const MAX_AGE = '600';

export function installCors(app: FastifyInstance, allowedHosts: readonly string[]): void {
  const allowed = new Set(allowedHosts);
  const allowHeaders = CORS_ALLOWED_HEADERS.join(', ');
  const exposeHeaders = RATE_LIMIT_HEADERS.join(', ');
  app.addHook('onRequest', (req, reply, done) => {
    const origin = req.headers.origin;
    if (origin === undefined) return done();
    // the answer depends on the Origin header: caches must keep one per origin
    reply.header('vary', 'Origin');
    if (!allowed.has(origin.replace(/^https?:\/\//, ''))) return done();
    reply.header('access-control-allow-origin', origin);
    if (req.method !== 'OPTIONS') {
      // so that the web app can read when to retry a rate-limited call
      reply.header('access-control-expose-headers', exposeHeaders);
      return done();
    }
    reply
      .header('access-control-allow-methods', METHODS)
      .header('access-control-allow-headers', allowHeaders)
      .header('access-control-max-age', MAX_AGE)
      .code(204)
      .send();
  });
}
