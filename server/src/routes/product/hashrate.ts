// Computing power: whole network, own, direct-referral and team bonuses.
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { hashrateOf } from '../../services/hashrate.ts';
import { toHashrateView } from '../../views/hashrate.ts';

export const hashrateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(app, e.getUserHashrate, async (req) =>
    ok(toHashrateView(await hashrateOf(ctx.db.db, currentUser(req).id, ctx.clock()))),
  );
};
