// Chain pool: public stats (pie), my contributions and level, contributing.
import type { Page } from '@free/protocol/api/common';
import type { PoolOrder, poolContributionsData, poolStatsData } from '@free/protocol/api/pool';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useSession } from '../session/store';
import { getOptional, postOnce } from './products';

export type PoolStats = z.infer<typeof poolStatsData>;
export type PoolContributions = z.infer<typeof poolContributionsData>;
export const poolKeys = {
  stats: () => ['public', 'pool', 'stats'] as const,
  mine: () => ['user', 'pool', 'contributions', 'summary'] as const,
};

export function usePoolStats() {
  return useQuery({
    queryKey: poolKeys.stats(),
    queryFn: () => getOptional<PoolStats>('/api/common/pool/stats'),
  });
}

export function useMyPool() {
  const signedIn = useSession() !== null;
  return useQuery({
    queryKey: poolKeys.mine(),
    queryFn: () => getOptional<PoolContributions>('/api/user/pool/contributions', { page: 1, size: 1 }),
    enabled: signedIn,
  });
}

export const contribute = (amount: string, key: string) =>
  postOnce<PoolOrder>('/api/user/pool/contribute', { amount }, key);

export type { Page };
