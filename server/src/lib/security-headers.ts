// Headers on every API answer: the API serves JSON only, so nothing it sends may be sniffed into
// a script, framed, or allowed to load anything (docs/operations.md "Serving the web app (security headers)").
import type { FastifyInstance } from 'fastify';

export const API_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
} as const;

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.headers(API_SECURITY_HEADERS);
    return payload;
  });
}
