// Every answered request in http_request_duration_seconds (lib/metrics.ts) by its route's pattern
// (never the raw URL: one series per route, whatever the ids and queries), method and HTTP status;
// the event streams stay open for hours and are counted in free_event_streams_open instead.
import type { FastifyInstance } from 'fastify';
import { countStreams, httpDuration } from '../lib/metrics.ts';

export function installRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/event-stream')) {
      httpDuration.observe(
        { route: req.routeOptions.url ?? 'unmatched', method: req.method, code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    }
    done();
  });
  const uncount = countStreams(app.ctx.streams);
  app.addHook('onClose', async () => uncount());
}
