// Answers to a request no route serves: an unknown path is HTTP 404 with the NotFound envelope; a
// known path called with another method is HTTP 405 with `Allow` (the methods it serves) and the
// BadRequest envelope naming `method`. Both before any other /api rule (platform, sign-in).
import { ErrorCode } from '@free/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendFailure } from './envelope.ts';

/** `/api/x/:id/` → a pattern matching `/api/x/7` (trailing slash ignored, as the router does). */
function patternOf(url: string): RegExp {
  const path = url.replace(/\/+$/, '') || '/';
  const source = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

export function installNotFound(app: FastifyInstance): void {
  const routes: { pattern: RegExp; methods: Set<string> }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const pattern = patternOf(route.url);
    const known = routes.find((r) => r.pattern.source === pattern.source);
    const target = known ?? { pattern, methods: new Set<string>() };
    if (!known) routes.push(target);
    for (const m of methods) target.methods.add(m.toUpperCase());
    // Fastify answers HEAD for every GET
    if (target.methods.has('GET')) target.methods.add('HEAD');
  });
  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? '';
    const allowed = routes.filter((r) => r.pattern.test(path)).flatMap((r) => [...r.methods]);
    if (allowed.length === 0) return sendFailure(reply, ErrorCode.NotFound, undefined, 404);
    reply.header('allow', [...new Set(allowed)].sort().join(', '));
    return sendFailure(reply, ErrorCode.BadRequest, 'method', 405);
  });
}
