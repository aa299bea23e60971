// Payment card routes (free pay): apply, my applications.
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { applyCard, cardsOf } from '../../services/cards.ts';
import { toCardView } from '../../views/cards.ts';
import { guard } from './shared.ts';

export const cardsUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(
    app,
    e.postUserCardApply,
    async (req) =>
      ok(toCardView(await applyCard(ctx.db, { userId: currentUser(req).id, ...req.body, now: ctx.clock() }))),
    { preValidation: guard(ctx, 'cards') },
  );
  route(app, e.getUserCards, async (req) => {
    const r = await cardsOf(ctx.db.db, currentUser(req).id);
    return ok({ list: r.list.map(toCardView) });
  });
};
