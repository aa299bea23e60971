// Local-only developer tools, registered only by a server started with a dev clock on the local
// chain (`npm start`, the browser tests' stack): POST /api/dev/advance moves the chain and the
// server's day forward; POST /api/dev/streams/close ends every event stream this process holds, as
// a restarting server or a dropped proxy would (the browser tests watch the app poll meanwhile).
import { envelopeSchema } from '@free/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DevTools } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { DevAdvanceError, MAX_ADVANCE_SECONDS } from '../ops/dev-advance.ts';

const advanceBody = z.object({ seconds: z.number().int().positive().max(MAX_ADVANCE_SECONDS) });
const advanceData = z.object({
  seconds: z.number(),
  chainTime: z.string(),
  serverTime: z.string(),
  settledDays: z.array(z.string()),
  heldDays: z.array(z.object({ day: z.string(), reason: z.string() })),
  roundsSettled: z.number(),
});
const closeData = z.object({ closed: z.number() });

export function devRoutes(tools: DevTools): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/dev/advance',
      {
        schema: {
          hide: true,
          body: advanceBody,
          response: { 200: envelopeSchema(advanceData) },
        },
      },
      async (req) => {
        try {
          return ok(await tools.advance(req.body.seconds));
        } catch (err) {
          if (err instanceof DevAdvanceError) throw new AppError(ErrorCode.BadRequest, 'chain', err.message);
          throw err;
        }
      },
    );
    app.post(
      '/api/dev/streams/close',
      { schema: { hide: true, response: { 200: envelopeSchema(closeData) } } },
      async () => {
        const open = [...app.ctx.streams];
        for (const res of open) res.end();
        return ok({ closed: open.length });
      },
    );
  };
}
