// Huan Li Bao routes: subscribe, redeem, my orders with static and dynamic income.
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { hlbOrdersOf, redeem, subscribe } from '../../services/hlb.ts';
import { guard } from './shared.ts';

export const hlbUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(
    app,
    e.postUserHlbSubscribe,
    async (req) =>
      ok(
        await subscribe(ctx.db, {
          userId: currentUser(req).id,
          product: req.body.product,
          amount: req.body.amount,
          idempotencyKey: req.headers['idempotency-key'],
          now: ctx.clock(),
        }),
      ),
    { preValidation: guard(ctx, 'huan_li_bao') },
  );
  // no module guard: taking back what one owns is served while the module is closed
  route(app, e.postUserHlbRedeem, async (req) =>
    ok(
      await redeem(ctx.db, {
        userId: currentUser(req).id,
        orderId: req.body.orderId,
        idempotencyKey: req.headers['idempotency-key'],
        now: ctx.clock(),
      }),
    ),
  );
  route(app, e.getUserHlbOrders, async (req) =>
    ok(await hlbOrdersOf(ctx.db.db, currentUser(req).id, ctx.clock(), req.query.page, req.query.size)),
  );
};
