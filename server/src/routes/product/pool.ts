// Chain pool routes: contribute, my contributions, pool orders, public stats (pie chart).
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { collectPool, contribute, myContributions, poolOrdersOf, poolStats } from '../../services/pool.ts';
import {
  toMyContributionsView,
  toPoolCollectView,
  toPoolOrderView,
  toPoolStatsView,
} from '../../views/pool.ts';
import { freePriceOf, guard } from './shared.ts';

export const poolUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const price = freePriceOf(ctx);
  route(
    app,
    e.postUserPoolContribute,
    async (req, reply) =>
      answer(
        reply,
        ctx.db,
        contribute.command({
          userId: currentUser(req).id,
          amount: req.body.amount,
          idempotencyKey: req.headers['idempotency-key'],
          now: ctx.clock(),
          price,
        }),
        toPoolOrderView,
      ),
    { preValidation: guard(ctx, 'chain_pool') },
  );
  route(app, e.postUserPoolCollect, async (req, reply) =>
    answer(
      reply,
      ctx.db,
      collectPool.command({
        userId: currentUser(req).id,
        idempotencyKey: req.headers['idempotency-key'],
      }),
      toPoolCollectView,
    ),
  );
  route(app, e.getUserPoolContributions, async (req) =>
    ok(
      toMyContributionsView(
        await myContributions(ctx.db.db, currentUser(req).id, req.query.page, req.query.size),
      ),
    ),
  );
  route(app, e.getUserPoolOrders, async (req) => {
    const r = await poolOrdersOf(ctx.db.db, currentUser(req).id, req.query.page, req.query.size);
    return ok({ ...r, list: r.list.map(toPoolOrderView) });
  });
};

export const poolPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(app, e.getCommonPoolStats, async () => ok(toPoolStatsView(await poolStats(ctx.db.db))));
};
