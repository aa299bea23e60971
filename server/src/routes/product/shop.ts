// Shop routes: products, order (shares paid from the balance), cancel, my orders, FCC records.
import type { AdminShopOrder } from '@free/protocol/api/admin';
import { endpoints as e } from '@free/protocol/api/endpoints';
import type * as api from '@free/protocol/api/shop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { amt, checksum, iso, isoOrNull } from '../../lib/format.ts';
import {
  cancelOrder,
  fccRecords,
  listProducts,
  placeOrder,
  productDetail,
  type ShopOrder,
  type ShopOrderOfBuyer,
  shopOrdersOf,
} from '../../services/shop.ts';
import { toFccRecordView } from '../../views/finance.ts';
import { guard } from './shared.ts';

/** A shop order as the API answers it. */
export const toShopOrderView = (o: ShopOrder): z.infer<typeof api.shopOrder> => ({
  id: o.id,
  productId: o.productId,
  name: o.name,
  quantity: o.quantity,
  asset: o.asset,
  unitPrice: amt(o.unitPrice),
  total: amt(o.total),
  state: o.state,
  createdAt: iso(o.createdAt),
  paidAt: isoOrNull(o.paidAt),
  shippedAt: isoOrNull(o.shippedAt),
  completedAt: isoOrNull(o.completedAt),
  cancelledAt: isoOrNull(o.cancelledAt),
});

/** A shop order with its buyer as the operator console answers it. */
export const toAdminShopOrderView = (o: ShopOrderOfBuyer): AdminShopOrder => ({
  ...toShopOrderView(o),
  userId: o.userId,
  address: checksum(o.address),
});

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
  route(app, e.getCommonShopProducts, async (req) => ok({ list: await listProducts(ctx.db.db, req.lang) }));
  route(app, e.getCommonShopProductDetail, async (req) =>
    ok(await productDetail(ctx.db.db, req.query.id, req.lang)),
  );
};
