// The FOMO pool (GET /api/common/fomo): balance, countdown, whether earnings are distributed.
import type { fomoData } from '@free/protocol/api/index';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, routes } from './client';
import { keys } from './keys';
import { pollUnlessLive, useStreamLive } from './stream';

export type Fomo = z.infer<typeof fomoData>;

export const fomoQuery = {
  queryKey: keys.public.fomo(),
  queryFn: () => call(routes.getCommonFomo, { hideError: true }),
};

/** The pool: the stream tells when it moves; polled every 30 s while the stream is down. */
export function useFomo() {
  const live = useStreamLive();
  return useQuery({ ...fomoQuery, refetchInterval: pollUnlessLive(live, 30_000) });
}
