// Staking orders: buy with the balance, the order list, redemption, auto-renew of on-chain stakes and
// the redemption list.
import { envelopeSchema } from '@free/protocol';
import * as api from '@free/protocol/api/staking';
import { idempotencyHeaders } from '@free/protocol/api/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { amt, iso, isoOrNull } from '../../lib/format.ts';
import {
  buyWithBalance,
  listOrders,
  listRedemptions,
  type OrderView,
  redeemOrder,
  setChainAutoRenew,
} from '../../services/staking-orders.ts';

/** A staking order as the API answers it (also in the operator's user lookup). */
export const toStakeOrderView = (o: OrderView) => ({
  ...o,
  amount: amt(o.amount),
  fee: amt(o.fee),
  principal: amt(o.principal),
  reward: amt(o.reward),
  currentProfit: amt(o.currentProfit),
  totalRevenue: amt(o.totalRevenue),
  bonusFcc: amt(o.bonusFcc),
  pledgeTime: iso(o.pledgeTime),
  dueTime: iso(o.dueTime),
  redeemedAt: isoOrNull(o.redeemedAt),
  redeemedAmount: o.redeemedAmount === null ? null : amt(o.redeemedAmount),
  interestHeld: amt(o.interestHeld),
});

export const stakingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/api/user/staking_use_balance',
    {
      schema: {
        tags: ['staking'],
        summary: 'Stake with the off-chain USDT balance (same limits, cycles, fee and interest as on chain)',
        querystring: api.stakingUseBalanceQuery,
        headers: idempotencyHeaders,
        response: { 200: envelopeSchema(api.stakeOrder) },
      },
    },
    async (req, reply) =>
      answer(
        reply,
        ctx.db,
        buyWithBalance.command({
          userId: currentUser(req).id,
          amount: req.query.amount,
          stakeIndex: req.query.stakeIndex,
          autoRenew: req.query.autoRenew,
          idempotencyKey: req.headers['idempotency-key'],
          now: ctx.clock(),
        }),
        toStakeOrderView,
      ),
  );

  app.get(
    '/api/user/stake/orders',
    {
      schema: {
        tags: ['staking'],
        summary: 'Staking orders: balance orders and on-chain stakes, newest first',
        querystring: api.stakeOrdersQuery,
        response: { 200: envelopeSchema(api.stakeOrdersData) },
      },
    },
    async (req) => {
      const r = await listOrders(ctx.db.db, {
        userId: currentUser(req).id,
        page: req.query.page,
        size: req.query.size,
        status: req.query.status,
        now: ctx.clock(),
      });
      return ok({
        list: r.list.map(toStakeOrderView),
        total: r.total,
        page: req.query.page,
        size: req.query.size,
      });
    },
  );

  app.post(
    '/api/user/stake/redeem',
    {
      schema: {
        tags: ['staking'],
        summary: 'Redeem a matured balance order: principal + interest, once',
        headers: idempotencyHeaders,
        body: api.stakeRedeemBody,
        response: { 200: envelopeSchema(api.stakeRedeemData) },
      },
    },
    async (req, reply) =>
      answer(
        reply,
        ctx.db,
        redeemOrder.command({
          userId: currentUser(req).id,
          orderId: req.body.orderId,
          idempotencyKey: req.headers['idempotency-key'],
          now: ctx.clock(),
        }),
        toStakeOrderView,
      ),
  );

  app.post(
    '/api/user/stake/auto_renew',
    {
      schema: {
        tags: ['staking'],
        summary:
          'Auto-renew of an active on-chain stake of the caller: the app offers its renewal at maturity (the user signs it)',
        body: api.stakeAutoRenewBody,
        response: { 200: envelopeSchema(api.stakeAutoRenewData) },
      },
    },
    async (req) =>
      ok(
        toStakeOrderView(
          await setChainAutoRenew(ctx.db.db, {
            userId: currentUser(req).id,
            orderId: req.body.orderId,
            autoRenew: req.body.autoRenew,
            now: ctx.clock(),
          }),
        ),
      ),
  );

  app.get(
    '/api/user/stake/redemptions',
    {
      schema: {
        tags: ['staking'],
        summary: 'Redemption list: redeemed amount and progress of every order',
        querystring: api.redemptionsQuery,
        response: { 200: envelopeSchema(api.redemptionsData) },
      },
    },
    async (req) => {
      const r = await listRedemptions(ctx.db.db, {
        userId: currentUser(req).id,
        page: req.query.page,
        size: req.query.size,
        now: ctx.clock(),
      });
      return ok({
        list: r.list.map(toStakeOrderView),
        total: r.total,
        page: req.query.page,
        size: req.query.size,
        redeemedTotal: amt(r.redeemedTotal),
        redeemableTotal: amt(r.redeemableTotal),
      });
    },
  );
};
