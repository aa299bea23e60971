// Market quotes route: name, latest price, 24 h change.
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { listQuotes } from '../../services/quotes.ts';
import { toQuoteView } from '../../views/quotes.ts';

export const quotesPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(app, e.getCommonQuotes, async () =>
    ok({ list: (await listQuotes(ctx.db.db, ctx.clock())).map(toQuoteView) }),
  );
};
