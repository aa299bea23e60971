// Huan Li Bao routes: subscribe, redeem, my orders with static and dynamic income.
import { envelopeSchema } from '@free/protocol';
import * as api from '@free/protocol/api/hlb';
import { idempotencyHeaders } from '@free/protocol/api/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { hlbOrdersOf, redeem, subscribe } from '../../services/hlb.ts';
import { guard } from './shared.ts';

export const hlbUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/api/user/hlb/subscribe',
    {
      preValidation: guard(ctx, 'huan_li_bao'),
      schema: {
        tags: ['hlb'],
        summary: 'Subscribe a Huan Li Bao product with the USDT balance',
        headers: idempotencyHeaders,
        body: api.hlbSubscribeBody,
        response: { 200: envelopeSchema(api.hlbOrder) },
      },
    },
    async (req, reply) =>
      answer(
        reply,
        ctx.db,
        subscribe.command({
          userId: currentUser(req).id,
          product: req.body.product,
          amount: req.body.amount,
          idempotencyKey: req.headers['idempotency-key'],
          now: ctx.clock(),
        }),
      ),
  );
  app.post(
    '/api/user/hlb/redeem',
    {
      // no module guard: taking back what one owns is served while the module is closed
      schema: {
        tags: ['hlb'],
        summary: 'Redeem an order whose lock has passed (principal back, income accrued to the day)',
        headers: idempotencyHeaders,
        body: api.hlbRedeemBody,
        response: { 200: envelopeSchema(api.hlbOrder) },
      },
    },
    async (req, reply) =>
      answer(
        reply,
        ctx.db,
        redeem.command({
          userId: currentUser(req).id,
          orderId: req.body.orderId,
          idempotencyKey: req.headers['idempotency-key'],
          now: ctx.clock(),
        }),
      ),
  );
  app.get(
    '/api/user/hlb/orders',
    {
      schema: {
        tags: ['hlb'],
        summary: 'My orders, products, and static/dynamic income today, yesterday and in total',
        querystring: api.hlbOrdersQuery,
        response: { 200: envelopeSchema(api.hlbOrdersData) },
      },
    },
    async (req) =>
      ok(await hlbOrdersOf(ctx.db.db, currentUser(req).id, ctx.clock(), req.query.page, req.query.size)),
  );
};
