// Huan Li Bao routes: subscribe, redeem, my orders with static and dynamic income.
import { envelopeSchema } from '@free/protocol';
import * as api from '@free/protocol/api/hlb';
import { idempotencyHeaders } from '@free/protocol/api/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { amt, iso, isoOrNull } from '../../lib/format.ts';
import { type HlbOrder, hlbOrdersOf, redeem, subscribe } from '../../services/hlb.ts';
import { guard } from './shared.ts';

/** A Huan Li Bao order as the API answers it: redeemable once active and past its lock. */
export const toHlbOrderView = (o: HlbOrder, now: Date): z.infer<typeof api.hlbOrder> => ({
  id: o.id,
  product: o.product,
  amount: amt(o.amount),
  dailyRatePpm: o.dailyRatePpm,
  lockDays: o.lockDays,
  state: o.state,
  startedAt: iso(o.startedAt),
  maturesAt: iso(o.maturesAt),
  redeemable: o.state === 'active' && now.getTime() >= o.maturesAt.getTime(),
  staticTotal: amt(o.staticTotal),
  daysAccrued: o.daysAccrued,
  redeemedAt: isoOrNull(o.redeemedAt),
});

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
    async (req, reply) => {
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
    },
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
    async (req) => {
      const now = ctx.clock();
      const r = await hlbOrdersOf(ctx.db.db, currentUser(req).id, now, req.query.page, req.query.size);
      return ok({ ...r, list: r.list.map((o) => toHlbOrderView(o, now)) });
    },
  );
};
