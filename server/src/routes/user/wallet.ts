// Money-moving endpoints: withdrawal to the bound wallet, recharge through signed Payment orders.

import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { AppError, ErrorCode } from '../../lib/errors.ts';
import { createRechargeOrder, listRechargeOrders } from '../../services/recharge.ts';
import { applyWithdrawal, listWithdrawals } from '../../services/withdraw.ts';
import { toRechargeView, toWithdrawalView } from '../../views/wallet.ts';

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(app, e.postUserWithdrawApply, async (req, reply) => {
    const me = currentUser(req);
    if (req.body.address && req.body.address.toLowerCase() !== me.address) {
      throw new AppError(ErrorCode.NotBoundWallet, 'address');
    }
    const withdraw = applyWithdrawal.command({
      userId: me.id,
      userAddress: me.address,
      amount: req.body.amount,
      coin: req.body.coin,
      idempotencyKey: req.headers['idempotency-key'],
      now: ctx.clock(),
    });
    return answer(reply, ctx.db, withdraw, toWithdrawalView);
  });

  route(app, e.getUserWithdrawList, async (req) => {
    const r = await listWithdrawals(ctx.db.db, currentUser(req).id, req.query.page, req.query.size);
    return ok({ ...r, list: r.list.map(toWithdrawalView) });
  });

  route(app, e.postUserRechargeCreate, async (req) => {
    const me = currentUser(req);
    const terms = ctx.chain.paymentTerms;
    if (!terms) throw new AppError(ErrorCode.ChainUnavailable);
    const now = ctx.clock();
    const order = await createRechargeOrder(ctx.db, ctx.config, {
      userId: me.id,
      userAddress: me.address,
      amount: req.body.amount,
      now,
      terms,
      chainTime: ctx.chain.chainTime,
    });
    return ok(toRechargeView(order, ctx.config, now));
  });

  route(app, e.getUserRechargeList, async (req) => {
    const r = await listRechargeOrders(ctx.db.db, currentUser(req).id, req.query.page, req.query.size);
    const now = ctx.clock();
    return ok({ ...r, list: r.list.map((o) => toRechargeView(o, ctx.config, now)) });
  });
};
