// AI trade prediction rounds: the current round, history, my bets, placing a bet.
import type { roundBet } from '@free/protocol/api/index';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, routes } from './client';
import { callIdempotent, useIdempotentMutation } from './idempotent';
import { keys } from './keys';
import { pollUnlessLive, useStreamLive } from './stream';

export type RoundBet = z.infer<typeof roundBet>;

/** The current round: the stream tells when it opens, closes or takes a bet; polled while it is down. */
export function useCurrentRound() {
  const live = useStreamLive();
  return useQuery({
    queryKey: keys.public.round(),
    queryFn: () => call(routes.getCommonRoundCurrent, { hideError: true }),
    refetchInterval: pollUnlessLive(live, 5_000),
  });
}

/** The last rounds for the price line (oldest first). */
export function useRoundChart() {
  const live = useStreamLive();
  return useQuery({
    queryKey: keys.public.roundChart(),
    queryFn: async () => {
      const page = await call(routes.getCommonRoundHistory, {
        query: { page: 1, size: 60 },
        hideError: true,
      });
      return [...(page?.list ?? [])].reverse();
    },
    refetchInterval: pollUnlessLive(live, 60_000),
  });
}

export function usePlaceBet(onSuccess: () => void) {
  return useIdempotentMutation<{ side: 'up' | 'down'; amount: string }, RoundBet>({
    mutationFn: (body, key) => callIdempotent(routes.postUserRoundBet, key, { body }),
    invalidates: () => [keys.user.all(), keys.public.round()],
    onSuccess,
  });
}
