// Wallet answers: a recharge order (the Payment order to pay on chain) and a withdrawal.
import { parseHex } from '@free/protocol/address';
import type * as api from '@free/protocol/api/wallet';
import { rechargeExpired, rechargeSplit } from '@free/protocol/recharge';
import { isWithdrawPending } from '@free/protocol/withdraw';
import type { Config } from '../config.ts';
import { amt, checksum, iso, isoOrNull } from '../lib/format.ts';
import type { RechargeOrder } from '../services/recharge.ts';
import type { Withdrawal } from '../services/withdraw.ts';

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
