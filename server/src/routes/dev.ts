// Local-only developer tools, registered only by a server started with a dev clock on the local
// chain (`npm start`, the browser tests' stack): POST /api/dev/advance moves the chain and the
// server's day forward; POST /api/dev/streams/close ends every event stream this process holds, as
// a restarting server or a dropped proxy would (the browser tests watch the app poll meanwhile).
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DevTools } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { DevAdvanceError } from '../ops/dev-advance.ts';

export function devRoutes(tools: DevTools): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, e.postDevAdvance, async (req) => {
      try {
        return ok(await tools.advance(req.body.seconds));
      } catch (err) {
        if (err instanceof DevAdvanceError) throw new AppError(ErrorCode.BadRequest, 'chain', err.message);
        throw err;
      }
    });
    route(app, e.postDevStreamsClose, async () => ok({ closed: app.ctx.streams.endAll() }));
  };
}
