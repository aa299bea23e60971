// Money-moving endpoints: withdrawal to the bound wallet, recharge through signed Payment orders.
import { endpoints as e } from '@free/protocol/api/endpoints';
import type * as api from '@free/protocol/api/wallet';
import { isWithdrawPending } from '@free/protocol/withdraw';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { AppError, ErrorCode } from '../../lib/errors.ts';
import { amt, checksum, iso, isoOrNull } from '../../lib/format.ts';
import { createRechargeOrder, listRechargeOrders } from '../../services/recharge.ts';
import { applyWithdrawal, listWithdrawals, type Withdrawal } from '../../services/withdraw.ts';

/** A withdrawal as the API answers it (also in the operator's user lookup). */
export const toWithdrawalView = (w: Withdrawal): api.WithdrawItem => ({
  id: w.id,
  coin: w.asset,
  amount: amt(w.amount),
  to: checksum(w.toAddress),
  state: w.state,
  pending: isWithdrawPending(w.state),
  txHash: w.txHash,
  createdAt: iso(w.createdAt),
  confirmedAt: isoOrNull(w.confirmedAt),
  rejectReason: w.rejectReason,
});

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
