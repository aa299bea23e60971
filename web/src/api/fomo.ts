// The FOMO pool (GET /api/common/fomo): balance, countdown, whether earnings are distributed.
import type { fomoData } from '@free/protocol/api/fomo';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getOptional } from './products';

export type Fomo = z.infer<typeof fomoData>;
export const fomoKeys = { detail: () => ['public', 'fomo'] as const };

export function useFomo() {
  return useQuery({
    queryKey: fomoKeys.detail(),
    queryFn: () => getOptional<Fomo>('/api/common/fomo'),
    refetchInterval: 30_000,
  });
}
