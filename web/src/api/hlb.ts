// Huan Li Bao: products, my orders with static/dynamic income, subscribe and redeem.
import type { hlbOrdersData } from '@free/protocol/api/index';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useSession } from '../session/store';
import { getOptional } from './client';
import { postIdempotent, useIdempotentMutation } from './idempotent';
import { keys } from './keys';

export type HlbData = z.infer<typeof hlbOrdersData>;

export function useHlb() {
  const signedIn = useSession() !== null;
  return useQuery({
    queryKey: keys.user.hlbOrders(),
    queryFn: () => getOptional<HlbData>('/api/user/hlb/orders', { page: 1, size: 50 }),
    enabled: signedIn,
  });
}

export function useSubscribeHlb(onSuccess: () => void) {
  return useIdempotentMutation<{ product: string; amount: string }>({
    mutationFn: (body, key) => postIdempotent('/api/user/hlb/subscribe', body, key),
    invalidates: () => [keys.user.all()],
    onSuccess,
  });
}

export function useRedeemHlb(onSuccess: () => void) {
  return useIdempotentMutation<number>({
    mutationFn: (orderId, key) => postIdempotent('/api/user/hlb/redeem', { orderId }, key),
    invalidates: () => [keys.user.all()],
    onSuccess,
  });
}
