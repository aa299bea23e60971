// Money-moving endpoints: withdrawal to the bound wallet, recharge through signed Payment orders.
import { envelopeSchema } from '@free/protocol';
import * as api from '@free/protocol/api/wallet';
import { isWithdrawPending } from '@free/protocol/withdraw';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
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

  app.post(
    '/api/user/withdraw/apply',
    {
      schema: {
        tags: ['wallet'],
        summary:
          'Withdraw USDT (wallet balance) or FREE (airdrop balance) to the bound wallet (debited and queued at once; paid by the payout worker)',
        headers: api.idempotencyHeaders,
        body: api.withdrawBody,
        response: { 200: envelopeSchema(api.withdrawData) },
      },
    },
    async (req, reply) => {
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
    },
  );

  app.get(
    '/api/user/withdraw/list',
    {
      schema: {
        tags: ['wallet'],
        summary: 'My withdrawals',
        querystring: api.withdrawListQuery,
        response: { 200: envelopeSchema(api.withdrawListData) },
      },
    },
    async (req) => {
      const r = await listWithdrawals(ctx.db.db, currentUser(req).id, req.query.page, req.query.size);
      return ok({ ...r, list: r.list.map(toWithdrawalView) });
    },
  );

  app.post(
    '/api/user/recharge/create',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Create a recharge order signed for Payment.payment',
        body: api.rechargeBody,
        response: { 200: envelopeSchema(api.rechargeOrder) },
      },
    },
    async (req) => {
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
    },
  );

  app.get(
    '/api/user/recharge/list',
    {
      schema: {
        tags: ['wallet'],
        summary: 'My recharge orders',
        querystring: api.rechargeListQuery,
        response: { 200: envelopeSchema(api.rechargeListData) },
      },
    },
    async (req) =>
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
