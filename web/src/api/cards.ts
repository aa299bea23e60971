// Free Pay cards: my applications and applying for one.
import type { card, cardApplyBody } from '@free/protocol/api/cards';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useSession } from '../session/store';
import { api } from './client';
import { getOptional } from './products';

export type Card = z.infer<typeof card>;
export type CardApply = z.input<typeof cardApplyBody>;
export const cardKeys = { mine: () => ['user', 'cards'] as const };

export function useMyCards() {
  const signedIn = useSession() !== null;
  return useQuery({
    queryKey: cardKeys.mine(),
    queryFn: async () => (await getOptional<{ list: Card[] }>('/api/user/cards'))?.list ?? [],
    enabled: signedIn,
  });
}

export const applyCard = (body: CardApply) => api.post<Card>('/api/user/card/apply', body);
