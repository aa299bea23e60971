// Huan Li Bao routes: subscribe, redeem, my orders with static and dynamic income.

import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { hlbOrdersOf, redeem, subscribe } from '../../services/hlb.ts';
import { toHlbOrdersView, toHlbOrderView } from '../../views/hlb.ts';
import { guard } from './shared.ts';

export const hlbUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(
    app,
    e.postUserHlbSubscribe,
    async (req, reply) => {
      const now = ctx.clock();
      return answer(
        reply,
        ctx.db,
        subscribe.command({
          userId: currentUser(req).id,
          product: req.body.product,
          amount: req.body.amount,
          idempotencyKey: req.headers['idempotency-key'],
          now,
        }),
        (o) => toHlbOrderView(o, now),
      );
    },
    { preValidation: guard(ctx, 'huan_li_bao') },
  );
  // no module guard: taking back what one owns is served while the module is closed
  route(app, e.postUserHlbRedeem, async (req, reply) => {
    const now = ctx.clock();
    return answer(
      reply,
      ctx.db,
      redeem.command({
        userId: currentUser(req).id,
        orderId: req.body.orderId,
        idempotencyKey: req.headers['idempotency-key'],
        now,
      }),
      (o) => toHlbOrderView(o, now),
    );
  });
  route(app, e.getUserHlbOrders, async (req) => {
    const now = ctx.clock();
    const r = await hlbOrdersOf(ctx.db.db, currentUser(req).id, now, req.query.page, req.query.size);
    return ok(toHlbOrdersView(r, now));
  });
};
