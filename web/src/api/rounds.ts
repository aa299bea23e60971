// AI trade prediction rounds: the current round, history, my bets, placing a bet.
import type { Page, Round, roundBet } from '@free/protocol/api/index';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getOptional } from './client';
import { postIdempotent, useIdempotentMutation } from './idempotent';
import { keys } from './keys';
import { pollUnlessLive, useStreamLive } from './stream';

export type RoundBet = z.infer<typeof roundBet>;

/** The current round: the stream tells when it opens, closes or takes a bet; polled while it is down. */
export function useCurrentRound() {
  const live = useStreamLive();
  return useQuery({
    queryKey: keys.public.round(),
    queryFn: () => getOptional<Round>('/api/common/round/current'),
    refetchInterval: pollUnlessLive(live, 5_000),
  });
}

/** The last rounds for the price line (oldest first). */
export function useRoundChart() {
  const live = useStreamLive();
  return useQuery({
    queryKey: keys.public.roundChart(),
    queryFn: async () => {
      const page = await getOptional<Page<Round>>('/api/common/round/history', { page: 1, size: 60 });
      return [...(page?.list ?? [])].reverse();
    },
    refetchInterval: pollUnlessLive(live, 60_000),
  });
}

export function usePlaceBet(onSuccess: () => void) {
  return useIdempotentMutation<{ side: 'up' | 'down'; amount: string }, RoundBet>({
    mutationFn: (body, key) => postIdempotent('/api/user/round/bet', body, key),
    invalidates: () => [keys.user.all(), keys.public.round()],
    onSuccess,
  });
}
