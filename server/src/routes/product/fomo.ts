// FOMO pool (public): balance, countdown, last participants, and whether earnings are distributed.
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { fomoView } from '../../services/fomo.ts';
import { toFomoView } from '../../views/fomo.ts';

export const fomoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(app, e.getCommonFomo, async () => ok(toFomoView(await fomoView(ctx.db.db, ctx.clock()))));
};
