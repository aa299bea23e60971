// The FOMO pool (GET /api/common/fomo): balance, countdown, whether earnings are distributed.
import { useQuery } from '@tanstack/react-query';
import { call, routes } from './client';
import { keys } from './keys';
import { pollUnlessLive, useStreamLive } from './stream';

export const fomoQuery = {
  queryKey: keys.public.fomo(),
  queryFn: () => call(routes.getCommonFomo, { hideError: true }),
};

/** The pool: the stream tells when it moves; polled every 30 s while the stream is down. */
export function useFomo() {
  const live = useStreamLive();
  return useQuery({ ...fomoQuery, refetchInterval: pollUnlessLive(live, 30_000) });
}
