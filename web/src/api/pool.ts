// Chain pool: public stats (pie), my contributions and level, contributing.
import type { PoolCollect, PoolOrder, poolStatsData } from '@free/protocol/api/index';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useSession } from '../session/store';
import { call, routes } from './client';
import { callIdempotent, useIdempotentMutation } from './idempotent';
import { keys } from './keys';

export type PoolStats = z.infer<typeof poolStatsData>;

export function usePoolStats() {
  return useQuery({
    queryKey: keys.public.poolStats(),
    queryFn: () => call(routes.getCommonPoolStats, { hideError: true }),
  });
}

export function useMyPool() {
  const signedIn = useSession() !== null;
  return useQuery({
    queryKey: keys.user.poolSummary(),
    queryFn: () => call(routes.getUserPoolContributions, { query: { page: 1, size: 1 }, hideError: true }),
    enabled: signedIn,
  });
}

export function useContribute(onSuccess: () => void) {
  return useIdempotentMutation<{ amount: string }, PoolOrder>({
    mutationFn: (body, key) => callIdempotent(routes.postUserPoolContribute, key, { body }),
    invalidates: () => [keys.user.all(), keys.public.poolStats()],
    onSuccess,
  });
}

/** Moves the whole mining pool balance (USDT) to the wallet. */
export function useCollectPool(onSuccess: (data: PoolCollect) => void) {
  return useIdempotentMutation<void, PoolCollect>({
    mutationFn: (_input, key) => callIdempotent(routes.postUserPoolCollect, key, { body: {} }),
    invalidates: () => [keys.user.all(), keys.public.poolStats()],
    onSuccess,
  });
}
