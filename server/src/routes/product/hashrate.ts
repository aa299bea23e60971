// Computing power: whole network, own, direct-referral and team bonuses.
import { envelopeSchema } from '@free/protocol';
import * as api from '@free/protocol/api/hashrate';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { amt } from '../../lib/format.ts';
import { hashrateOf } from '../../services/hashrate.ts';

export const hashrateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/api/user/hashrate',
    {
      schema: {
        tags: ['hashrate'],
        summary: 'Hashrate: whole network, team bonus, direct-referral bonus, own total',
        response: { 200: envelopeSchema(api.hashrateData) },
      },
    },
    async (req) => {
      const h = await hashrateOf(ctx.db.db, currentUser(req).id, ctx.clock());
      return ok({
        network: amt(h.network),
        own: amt(h.own),
        directBonus: amt(h.directBonus),
        teamBonus: amt(h.teamBonus),
        total: amt(h.total),
      });
    },
  );
};
