// Off-chain wallet movements: withdrawing to the bound wallet and creating a recharge order.
import type { RechargeOrder, WithdrawCoin, WithdrawItem } from '@free/protocol/api/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { postIdempotent, useIdempotentMutation } from './idempotent';
import { keys } from './keys';
import type { ListData, ListPath } from './list';

export const WITHDRAW_LIST = '/api/user/withdraw/list' satisfies ListPath;
export const RECHARGE_LIST = '/api/user/recharge/list' satisfies ListPath;

/** POST /api/user/withdraw/apply: USDT (wallet balance) or FREE (airdrop balance) → queued payout to the bound wallet. */
export function useWithdraw(onSuccess: () => void) {
  return useIdempotentMutation<{ amount: string; coin: WithdrawCoin }, WithdrawItem>({
    mutationFn: ({ amount, coin }, key) => postIdempotent('/api/user/withdraw/apply', { amount, coin }, key),
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

/** The latest recharge records, re-read every 2 s while `orderId` waits for the indexer's credit. */
export function useLatestRecharges(orderId: string | null) {
  return useQuery({
    queryKey: keys.user.recharges({ watch: orderId ?? '' }),
    enabled: orderId !== null,
    refetchInterval: 2000,
    queryFn: () =>
      api.get<ListData<typeof RECHARGE_LIST>>(RECHARGE_LIST, { page: 1, size: 20 }, { hideError: true }),
  });
}

/** What a credited recharge changes: balances, records, and the wallet's on-chain balances. */
export const rechargeCreditedKeys = () => [keys.user.all(), keys.chain.all()] as const;
