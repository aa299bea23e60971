// Market quotes (GET /api/common/quotes): latest price and 24 h change per symbol.
import type { quote } from '@free/protocol/api/index';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, routes } from './client';
import { keys } from './keys';
import { pollUnlessLive, useStreamLive } from './stream';

export type Quote = z.infer<typeof quote>;

export const quotesQuery = {
  queryKey: keys.public.quotes(),
  queryFn: async () => (await call(routes.getCommonQuotes, { hideError: true })).list,
};

/** Prices: the stream tells when the quotes job wrote them; polled every minute while it is down. */
export function useQuotes() {
  const live = useStreamLive();
  return useQuery({ ...quotesQuery, refetchInterval: pollUnlessLive(live, 60_000) });
}

/** The quote of one symbol (FREE, FCC), or undefined when the server has none. */
export function useQuote(symbol: string): Quote | undefined {
  return useQuotes().data?.find((q) => q.symbol.toUpperCase() === symbol);
}
