import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import {
  cancelOrder,
  fccRecords,
  listProducts,
  placeOrder,
  productDetail,
  shopOrdersOf,
} from '../../services/shop.ts';
import { toFccRecordView } from '../../views/finance.ts';
import { toProductView, toShopOrderView } from '../../views/shop.ts';
import { guard } from './shared.ts';

export const shopUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(
    app,
    e.postUserShopOrder,
    async (req, reply) =>
      answer(
        reply,
        ctx.db,
        placeOrder.command({
          userId: currentUser(req).id,
          productId: req.body.productId,
          quantity: req.body.quantity,
          idempotencyKey: req.headers['idempotency-key'],
          now: ctx.clock(),
          lang: req.lang,
        }),
        toShopOrderView,
      ),
    { preValidation: guard(ctx, 'shop') },
  );
  // no module guard: taking back what one owns is served while the module is closed
  route(app, e.postUserShopCancel, async (req, reply) =>
    answer(
      reply,
      ctx.db,
      cancelOrder.command({
        userId: currentUser(req).id,
        orderId: req.body.orderId,
        idempotencyKey: req.headers['idempotency-key'],
        now: ctx.clock(),
        lang: req.lang,
      }),
      toShopOrderView,
    ),
  );
  route(app, e.getUserShopOrders, async (req) => {
    const r = await shopOrdersOf(ctx.db.db, currentUser(req).id, req.lang, req.query.page, req.query.size);
    return ok({ ...r, list: r.list.map(toShopOrderView) });
  });
  route(app, e.getUserFccRecords, async (req) => {
    const r = await fccRecords(ctx.db.db, currentUser(req).id, req.query.page, req.query.size);
    return ok({ ...r, list: r.list.map(toFccRecordView) });
  });
};

export const shopPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(app, e.getCommonShopProducts, async (req) =>
    ok({ list: (await listProducts(ctx.db.db, req.lang)).map(toProductView) }),
  );
  route(app, e.getCommonShopProductDetail, async (req) => {
    const p = await productDetail(ctx.db.db, req.query.id, req.lang);
    return ok(p && toProductView(p));
  });
};
