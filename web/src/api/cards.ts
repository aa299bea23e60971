// Free Pay cards: my applications and applying for one.
import type { cardApplyBody } from '@free/protocol/api/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useSession } from '../session/store';
import { call, routes } from './client';
import { keys } from './keys';

export type CardApply = z.input<typeof cardApplyBody>;

export function useMyCards() {
  const signedIn = useSession() !== null;
  return useQuery({
    queryKey: keys.user.cards(),
    queryFn: async () => (await call(routes.getUserCards, { hideError: true })).list,
    enabled: signedIn,
  });
}

/** An application moves no money: a plain POST, my cards re-read after it. */
export function useApplyCard(onSuccess: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CardApply) => call(routes.postUserCardApply, { body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: keys.user.cards() });
      onSuccess();
    },
  });
}
