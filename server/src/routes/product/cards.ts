// Payment card routes (free pay): apply, my applications.
import { envelopeSchema } from '@free/protocol';
import * as api from '@free/protocol/api/cards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { applyCard, cardsOf } from '../../services/cards.ts';
import { guard } from './shared.ts';

export const cardsUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/api/user/card/apply',
    {
      preValidation: guard(ctx, 'cards'),
      schema: {
        tags: ['cards'],
        summary: 'Apply for a virtual or physical card (physical needs an address)',
        body: api.cardApplyBody,
        response: { 200: envelopeSchema(api.card) },
      },
    },
    async (req) =>
      ok(await applyCard(ctx.db, { userId: currentUser(req).id, ...req.body, now: ctx.clock() })),
  );
  app.get(
    '/api/user/cards',
    {
      schema: {
        tags: ['cards'],
        summary: 'My card applications',
        response: { 200: envelopeSchema(api.cardsData) },
      },
    },
    async (req) => ok(await cardsOf(ctx.db.db, currentUser(req).id)),
  );
};
