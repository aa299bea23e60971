// Market quotes route: name, latest price, 24 h change.
import { envelopeSchema } from '@free/protocol';
import * as api from '@free/protocol/api/quotes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { listQuotes } from '../../services/quotes.ts';

export const quotesPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/api/common/quotes',
    {
      schema: {
        tags: ['quotes'],
        summary:
          'Quotes: FREE and FCC from the DEX (FCC from config without a pair), others from the quotes table',
        response: { 200: envelopeSchema(api.quotesData) },
      },
    },
    async () => ok({ list: await listQuotes(ctx.db.db, ctx.clock()) }),
  );
};
