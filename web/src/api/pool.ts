// Chain pool: public stats (pie), my contributions and level, contributing.
import type { PoolCollect, PoolOrder, poolContributionsData, poolStatsData } from '@free/protocol/api/index';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useSession } from '../session/store';
import { getOptional } from './client';
import { postIdempotent, useIdempotentMutation } from './idempotent';
import { keys } from './keys';

export type PoolStats = z.infer<typeof poolStatsData>;
export type PoolContributions = z.infer<typeof poolContributionsData>;

export function usePoolStats() {
  return useQuery({
    queryKey: keys.public.poolStats(),
    queryFn: () => getOptional<PoolStats>('/api/common/pool/stats'),
  });
}

export function useMyPool() {
  const signedIn = useSession() !== null;
  return useQuery({
    queryKey: keys.user.poolSummary(),
    queryFn: () => getOptional<PoolContributions>('/api/user/pool/contributions', { page: 1, size: 1 }),
    enabled: signedIn,
  });
}

export function useContribute(onSuccess: () => void) {
  return useIdempotentMutation<{ amount: string }, PoolOrder>({
    mutationFn: (body, key) => postIdempotent('/api/user/pool/contribute', body, key),
    invalidates: () => [keys.user.all(), keys.public.poolStats()],
    onSuccess,
  });
}

/** Moves the whole mining pool balance (USDT) to the wallet. */
export function useCollectPool(onSuccess: (data: PoolCollect) => void) {
  return useIdempotentMutation<void, PoolCollect>({
    mutationFn: (_input, key) => postIdempotent('/api/user/pool/collect', {}, key),
    invalidates: () => [keys.user.all(), keys.public.poolStats()],
    onSuccess,
  });
}
