// Off-chain wallet movements: withdrawing to the bound wallet and creating a recharge order.
import type { WithdrawCoin, WithdrawItem } from '@free/protocol/api/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call, routes } from './client';
import { callIdempotent, useIdempotentMutation } from './idempotent';
import { keys } from './keys';
import { type ListRoute, listKey } from './list';
import { pollUnlessLive, useStreamLive } from './stream';

export const WITHDRAW_LIST = routes.getUserWithdrawList satisfies ListRoute;
export const RECHARGE_LIST = routes.getUserRechargeList satisfies ListRoute;

/** POST /api/user/withdraw/apply: USDT (wallet balance) or FREE (airdrop balance) → queued payout to the bound wallet. */
export function useWithdraw(onSuccess: () => void) {
  return useIdempotentMutation<{ amount: string; coin: WithdrawCoin }, WithdrawItem>({
    mutationFn: ({ amount, coin }, key) =>
      callIdempotent(routes.postUserWithdrawApply, key, { body: { amount, coin } }),
    invalidates: () => [keys.user.all()],
    onSuccess,
  });
}

/** POST /api/user/recharge/create: a signed Payment order; nothing moves until it is paid on chain. */
export function useCreateRecharge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (amount: string) => call(routes.postUserRechargeCreate, { body: { amount } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: listKey(RECHARGE_LIST, {}) }),
  });
}

/**
 * The latest recharge records while `orderId` waits for the indexer's credit: read again when the
 * stream tells of the credit, every 2 s while the stream is down.
 */
function useLatestRecharges(orderId: string | null) {
  const live = useStreamLive();
  return useQuery({
    queryKey: keys.user.recharges({ watch: orderId ?? '' }),
    enabled: orderId !== null,
    refetchInterval: pollUnlessLive(live, 2000),
    queryFn: () => call(routes.getUserRechargeList, { query: { page: 1, size: 20 }, hideError: true }),
  });
}

/**
 * Follows a paid order until the indexer has credited `orderId`, then refreshes what a credit
 * changes (balances, records, the wallet's on-chain balances) and calls `onCredited` once.
 */
export function useRechargeCredited(orderId: string | null, onCredited: () => void) {
  const qc = useQueryClient();
  const q = useLatestRecharges(orderId);
  const credited = orderId !== null && q.data?.list.some((o) => o.orderId === orderId && o.state === 'paid');
  // biome-ignore lint/correctness/useExhaustiveDependencies: fire once when the credit shows up
  useEffect(() => {
    if (!credited) return;
    for (const queryKey of [keys.user.all(), keys.chain.all()]) void qc.invalidateQueries({ queryKey });
    onCredited();
  }, [credited]);
}

/**
 * While a withdrawal waits for the chain, re-read the withdrawal records every few seconds (only
 * while the stream is down: it tells of every step of the user's withdrawals).
 */
export function useFollowPendingWithdrawals() {
  const qc = useQueryClient();
  const live = useStreamLive();
  useEffect(() => {
    if (live) return;
    const withdrawals = listKey(WITHDRAW_LIST, {});
    const id = setInterval(() => {
      const data = qc.getQueryData<{ pages: { list: WithdrawItem[] }[] }>(withdrawals);
      const waiting = data?.pages.some((p) => p.list.some((w) => w.pending));
      if (waiting) void qc.invalidateQueries({ queryKey: withdrawals });
    }, 5000);
    return () => clearInterval(id);
  }, [qc, live]);
}
