// Header rules (docs/api.md "Request headers") for every /api call before validation: the `platform` header is required, and
// `pageSize` is accepted as an alias of `size` on every paged list.
import { ErrorCode } from '@free/protocol';
import type { FastifyInstance } from 'fastify';
import { sendFailure } from './envelope.ts';

const PLATFORM = /^[a-z0-9]{1,16}$/;

/** The health probes (routes/health.ts): asked by nginx and the supervisor, which send no app headers. */
export const isHealthProbe = (url: string) => /^\/api\/health(\/|\?|$)/.test(url);

/**
 * The calls that must send `platform`: every /api route but the document itself, the event
 * stream (a browser's EventSource cannot send headers) and the health probes.
 */
export const needsPlatform = (url: string) =>
  url.startsWith('/api/') &&
  !url.startsWith('/api/docs') &&
  !url.startsWith('/api/stream') &&
  !isHealthProbe(url);

/** The `platform` header as the OpenAPI parameter the API docs add to every such operation. */
export const platformParameter = {
  in: 'header',
  name: 'platform',
  required: true,
  description: 'the client: `h5` for the web app (lower-case letters and digits)',
  schema: { type: 'string', pattern: PLATFORM.source, example: 'h5' },
} as const;

export function installApiHeaders(app: FastifyInstance): void {
  app.addHook('preValidation', (req, reply, done) => {
    // an unknown path or method gets its own answer (http/not-found.ts), whatever the headers
    if (req.is404 || !needsPlatform(req.url)) return done();
    const q = req.query as Record<string, unknown> | undefined;
    if (q && q.pageSize !== undefined && q.size === undefined) q.size = q.pageSize;
    const platform = req.headers.platform;
    if (typeof platform !== 'string' || !PLATFORM.test(platform)) {
      void sendFailure(reply, ErrorCode.BadRequest, 'platform');
      return;
    }
    done();
  });
}
