// Free Pay cards: my applications and applying for one.
import type { card, cardApplyBody } from '@free/protocol/api/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useSession } from '../session/store';
import { api, getOptional } from './client';
import { keys } from './keys';

export type Card = z.infer<typeof card>;
export type CardApply = z.input<typeof cardApplyBody>;

export function useMyCards() {
  const signedIn = useSession() !== null;
  return useQuery({
    queryKey: keys.user.cards(),
    queryFn: async () => (await getOptional<{ list: Card[] }>('/api/user/cards'))?.list ?? [],
    enabled: signedIn,
  });
}

/** An application moves no money: a plain POST, my cards re-read after it. */
export function useApplyCard(onSuccess: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CardApply) => api.post<Card>('/api/user/card/apply', body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: keys.user.cards() });
      onSuccess();
    },
  });
}
