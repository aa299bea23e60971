// Money-moving endpoints: withdrawal to the bound wallet, recharge through signed Payment orders.
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { AppError, ErrorCode } from '../../lib/errors.ts';
import { createRechargeOrder, listRechargeOrders } from '../../services/recharge.ts';
import { applyWithdrawal, listWithdrawals } from '../../services/withdraw.ts';

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(app, e.postUserWithdrawApply, async (req) => {
    const me = currentUser(req);
    if (req.body.address && req.body.address.toLowerCase() !== me.address) {
      throw new AppError(ErrorCode.NotBoundWallet, 'address');
    }
    const view = await applyWithdrawal(ctx.db, {
      userId: me.id,
      userAddress: me.address,
      amount: req.body.amount,
      coin: req.body.coin,
      idempotencyKey: req.headers['idempotency-key'],
      now: ctx.clock(),
    });
    return ok(view);
  });

  route(app, e.getUserWithdrawList, async (req) =>
    ok(await listWithdrawals(ctx.db.db, currentUser(req).id, req.query.page, req.query.size)),
  );

  route(app, e.postUserRechargeCreate, async (req) => {
    const me = currentUser(req);
    const terms = ctx.chain.paymentTerms;
    if (!terms) throw new AppError(ErrorCode.ChainUnavailable);
    return ok(
      await createRechargeOrder(ctx.db, ctx.config, {
        userId: me.id,
        userAddress: me.address,
        amount: req.body.amount,
        now: ctx.clock(),
        terms,
        chainTime: ctx.chain.chainTime,
      }),
    );
  });

  route(app, e.getUserRechargeList, async (req) =>
    ok(
      await listRechargeOrders(
        ctx.db.db,
        ctx.config,
        currentUser(req).id,
        req.query.page,
        req.query.size,
        ctx.clock(),
      ),
    ),
  );
};
