// AI trade prediction rounds: the current round, history, my bets, placing a bet.

import type { Page } from '@free/protocol/api/common';
import type { Round, roundBet } from '@free/protocol/api/rounds';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useSession } from '../session/store';
import { getOptional, postOnce } from './products';

export type RoundBet = z.infer<typeof roundBet>;
export const roundKeys = {
  current: () => ['public', 'round', 'current'] as const,
  chart: () => ['public', 'round', 'chart'] as const,
  bets: () => ['user', 'round', 'bets'] as const,
};

export function useCurrentRound() {
  return useQuery({
    queryKey: roundKeys.current(),
    queryFn: () => getOptional<Round>('/api/common/round/current'),
    refetchInterval: 5_000,
  });
}

/** The last rounds for the price line (oldest first). */
export function useRoundChart() {
  return useQuery({
    queryKey: roundKeys.chart(),
    queryFn: async () => {
      const page = await getOptional<Page<Round>>('/api/common/round/history', { page: 1, size: 60 });
      return [...(page?.list ?? [])].reverse();
    },
    refetchInterval: 60_000,
  });
}

export function useSignedIn() {
  return useSession() !== null;
}

export const placeBet = (side: 'up' | 'down', amount: string, key: string) =>
  postOnce<RoundBet>('/api/user/round/bet', { side, amount }, key);
