// Money-moving endpoints: withdrawal to the bound wallet, recharge through signed Payment orders.

import { parseHex } from '@free/protocol/address';
import { endpoints as e } from '@free/protocol/api/endpoints';
import type * as api from '@free/protocol/api/wallet';
import { rechargeExpired, rechargeSplit } from '@free/protocol/recharge';
import { isWithdrawPending } from '@free/protocol/withdraw';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { AppError, ErrorCode } from '../../lib/errors.ts';
import { amt, checksum, iso, isoOrNull } from '../../lib/format.ts';
import { createRechargeOrder, listRechargeOrders, type RechargeOrder } from '../../services/recharge.ts';
import { applyWithdrawal, listWithdrawals, type Withdrawal } from '../../services/withdraw.ts';

const NO_PAYMENT = '0x0000000000000000000000000000000000000000';

/**
 * A recharge order as the API answers it (also in the operator's user lookup): the Payment order to
 * pay on chain (contract and chain from the deployment), expired once past its end unpaid.
 */
export const toRechargeView = (o: RechargeOrder, config: Config, now: Date): api.RechargeOrder => {
  // Before payment: the credit expected at the order's rates; once paid: what was credited.
  const split = rechargeSplit(o.amount, o.burnBps, o.executorRewardBps);
  const credit = o.creditedAmount ?? split.credit;
  return {
    orderId: parseHex(o.orderId, 'recharge_orders.order_id', 32),
    payment: checksum(config.deployment?.payment ?? NO_PAYMENT),
    chainId: config.chainId,
    payer: checksum(o.payer),
    token: checksum(o.token),
    to: checksum(o.toAddress),
    amount: amt(o.amount),
    amountWei: o.amount.toString(),
    burnBps: o.burnBps,
    executorRewardBps: o.executorRewardBps,
    burn: amt(split.burned),
    executorReward: amt(split.executorReward),
    credit: amt(credit),
    endTime: Math.floor(o.endTime.getTime() / 1000),
    signature: parseHex(o.signature, 'recharge_orders.signature'),
    state:
      o.state === 'pending' && rechargeExpired(Math.floor(o.endTime.getTime() / 1000), now.getTime())
        ? 'expired'
        : o.state,
    createdAt: iso(o.createdAt),
    paidAt: isoOrNull(o.paidAt),
    txHash: o.paidTxHash,
  };
};

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
