// Chain pool routes: contribute, my contributions, pool orders, public stats (pie chart).
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { amt } from '../../lib/format.ts';
import { collectPool, contribute, myContributions, poolOrdersOf, poolStats } from '../../services/pool.ts';
import { toContributionView, toPoolCollectView, toPoolOrderView } from '../../views/pool.ts';
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
  route(app, e.getUserPoolContributions, async (req) => {
    const r = await myContributions(ctx.db.db, currentUser(req).id, req.query.page, req.query.size);
    return ok({
      ...r,
      total: amt(r.total),
      nextLevelAt: r.nextLevelAt === null ? null : amt(r.nextLevelAt),
      list: r.list.map(toContributionView),
    });
  });
  route(app, e.getUserPoolOrders, async (req) => {
    const r = await poolOrdersOf(ctx.db.db, currentUser(req).id, req.query.page, req.query.size);
    return ok({ ...r, list: r.list.map(toPoolOrderView) });
  });
};

export const poolPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(app, e.getCommonPoolStats, async () => {
    const r = await poolStats(ctx.db.db);
    return ok({
      ...r,
      totalAmount: amt(r.totalAmount),
      totalFreeBurned: amt(r.totalFreeBurned),
      incomePaid: amt(r.incomePaid),
      classes: r.classes.map((c) => ({ ...c, min: amt(c.min), amount: amt(c.amount) })),
    });
  });
};
