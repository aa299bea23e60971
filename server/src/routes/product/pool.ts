// Chain pool routes: contribute, my contributions, pool orders, public stats (pie chart).
import { endpoints as e } from '@free/protocol/api/endpoints';
import type * as api from '@free/protocol/api/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { amt, iso } from '../../lib/format.ts';
import {
  type Contribution,
  collectPool,
  contribute,
  myContributions,
  type PoolCollected,
  type PoolOrder,
  poolOrdersOf,
  poolStats,
} from '../../services/pool.ts';
import { freePriceOf, guard } from './shared.ts';

/** A chain-pool order as the API answers it. */
export const toPoolOrderView = (o: PoolOrder): z.infer<typeof api.poolOrder> => ({
  id: o.id,
  contributionId: o.contributionId,
  amount: amt(o.amount),
  burnValue: amt(o.burnValue),
  freeBurned: amt(o.freeBurned),
  freePrice: amt(o.freePrice),
  level: o.levelAfter,
  state: o.state,
  createdAt: iso(o.createdAt),
});

/** A chain-pool contribution as the API answers it (also in the contribution record). */
export const toContributionView = (
  c: Contribution,
): z.infer<typeof api.poolContributionsData>['list'][number] => ({
  id: c.id,
  time: iso(c.createdAt),
  amount: amt(c.amount),
  freeBurned: amt(c.freeBurned),
  level: c.level,
  txHash: c.txHash,
});

/** What a collect moved, and the balances after it, as the API answers it. */
export const toPoolCollectView = (c: PoolCollected): api.PoolCollect => ({
  moved: amt(c.moved),
  pool: amt(c.pool),
  wallet: amt(c.wallet),
});

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
