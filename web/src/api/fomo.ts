// The FOMO pool (GET /api/common/fomo): balance, countdown, whether earnings are distributed.
import type { fomoData } from '@free/protocol/api/index';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getOptional } from './client';
import { keys } from './keys';

export type Fomo = z.infer<typeof fomoData>;

export const fomoQuery = {
  queryKey: keys.public.fomo(),
  queryFn: () => getOptional<Fomo>('/api/common/fomo'),
  refetchInterval: 30_000,
};

export function useFomo() {
  return useQuery(fomoQuery);
}
