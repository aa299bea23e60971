// Staking orders: buy with the balance, the order list, redemption, renewal of a balance order, auto-renew of on-chain stakes and
// the redemption list.
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { quotedPrice } from '../../services/quotes.ts';
import {
  buyWithBalance,
  listOrders,
  listRedemptions,
  redeemOrder,
  renewOrder,
  setChainAutoRenew,
} from '../../services/staking-orders.ts';
import { toRedemptionsView, toStakeOrderView } from '../../views/staking.ts';

export const stakingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(app, e.postUserStakingUseBalance, async (req, reply) =>
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
        freeQuote: await quotedPrice(ctx.db.db, 'FREE'),
      }),
      toStakeOrderView,
    ),
  );

  route(app, e.getUserStakeOrders, async (req) => {
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
  });

  route(app, e.postUserStakeRedeem, async (req, reply) =>
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

  route(app, e.postUserStakeRenew, async (req, reply) =>
    answer(
      reply,
      ctx.db,
      renewOrder.command({
        userId: currentUser(req).id,
        orderId: req.body.orderId,
        stakeIndex: req.body.stakeIndex,
        minRatePpm: req.body.minRatePpm,
        idempotencyKey: req.headers['idempotency-key'],
        now: ctx.clock(),
      }),
      toStakeOrderView,
    ),
  );

  route(app, e.postUserStakeAutoRenew, async (req) =>
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

  route(app, e.getUserStakeRedemptions, async (req) => {
    const r = await listRedemptions(ctx.db.db, {
      userId: currentUser(req).id,
      page: req.query.page,
      size: req.query.size,
      now: ctx.clock(),
    });
    return ok(toRedemptionsView(r, req.query));
  });
};
