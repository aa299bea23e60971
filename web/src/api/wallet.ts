// Off-chain wallet movements: withdrawing to the bound wallet and creating a recharge order.
import type { RechargeOrder, WithdrawItem } from '@free/protocol/api/index';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { postIdempotent, useIdempotentMutation } from './idempotent';
import { keys } from './keys';

export const WITHDRAW_LIST = '/api/user/withdraw/list';
export const RECHARGE_LIST = '/api/user/recharge/list';

/** POST /api/user/withdraw/apply: balance → queued payout to the bound wallet. */
export function useWithdraw(onSuccess: () => void) {
  return useIdempotentMutation<{ amount: string }, WithdrawItem>({
    mutationFn: ({ amount }, key) =>
      postIdempotent('/api/user/withdraw/apply', { amount, coin: 'USDT' }, key),
    invalidates: () => [keys.user.all()],
    onSuccess,
  });
}

/** POST /api/user/recharge/create: a signed Payment order; nothing moves until it is paid on chain. */
export function useCreateRecharge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (amount: string) => api.post<RechargeOrder>('/api/user/recharge/create', { amount }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: keys.user.list(RECHARGE_LIST, {}) }),
  });
}

/** What a credited recharge changes: balances, records, and the wallet's on-chain balances. */
export const rechargeCreditedKeys = () => [keys.user.all(), keys.chain.all()] as const;
