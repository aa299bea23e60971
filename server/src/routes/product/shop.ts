// Shop routes: products, order (shares paid from the balance), cancel, my orders, FCC records.
import { envelopeSchema } from '@free/protocol';
import * as api from '@free/protocol/api/shop';
import { idempotencyHeaders } from '@free/protocol/api/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import {
  cancelOrder,
  fccRecords,
  listProducts,
  placeOrder,
  productDetail,
  shopOrdersOf,
} from '../../services/shop.ts';
import { guard } from './shared.ts';

export const shopUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/api/user/shop/order',
    {
      preValidation: guard(ctx, 'shop'),
      schema: {
        tags: ['shop'],
        summary: 'Order shares of a product, paid from the wallet balance at once',
        headers: idempotencyHeaders,
        body: api.shopOrderBody,
        response: { 200: envelopeSchema(api.shopOrder) },
      },
    },
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
      ),
  );
  app.post(
    '/api/user/shop/cancel',
    {
      // no module guard: taking back what one owns is served while the module is closed
      schema: {
        tags: ['shop'],
        summary: 'Cancel an order not shipped yet (refunded)',
        headers: idempotencyHeaders,
        body: api.shopCancelBody,
        response: { 200: envelopeSchema(api.shopOrder) },
      },
    },
    async (req, reply) =>
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
      ),
  );
  app.get(
    '/api/user/shop/orders',
    {
      schema: {
        tags: ['shop'],
        summary: 'My shop orders',
        querystring: api.shopOrdersQuery,
        response: { 200: envelopeSchema(api.shopOrdersData) },
      },
    },
    async (req) =>
      ok(await shopOrdersOf(ctx.db.db, currentUser(req).id, req.lang, req.query.page, req.query.size)),
  );
  app.get(
    '/api/user/fcc/records',
    {
      schema: {
        tags: ['shop'],
        summary: 'FCC records (ledger entries in FCC)',
        querystring: api.fccRecordsQuery,
        response: { 200: envelopeSchema(api.fccRecordsData) },
      },
    },
    async (req) => ok(await fccRecords(ctx.db.db, currentUser(req).id, req.query.page, req.query.size)),
  );
};

export const shopPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/api/common/shop/products',
    {
      schema: {
        tags: ['shop'],
        summary: 'Shop products in the caller language',
        response: { 200: envelopeSchema(api.shopProductsData) },
      },
    },
    async (req) => ok({ list: await listProducts(ctx.db.db, req.lang) }),
  );
  app.get(
    '/api/common/shop/product/detail',
    {
      schema: {
        tags: ['shop'],
        summary: 'One shop product in the caller language (404 when unknown or withdrawn)',
        querystring: api.shopProductQuery,
        response: { 200: envelopeSchema(api.shopProduct) },
      },
    },
    async (req) => ok(await productDetail(ctx.db.db, req.query.id, req.lang)),
  );
};
