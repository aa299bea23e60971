// Huan Li Bao: products, my orders with static/dynamic income, subscribe and redeem.
import type { hlbOrdersData } from '@free/protocol/api/index';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useSession } from '../session/store';
import { call, routes } from './client';
import { callIdempotent, useIdempotentMutation } from './idempotent';
import { keys } from './keys';

export type HlbData = z.infer<typeof hlbOrdersData>;

export function useHlb() {
  const signedIn = useSession() !== null;
  return useQuery({
    queryKey: keys.user.hlbOrders(),
    queryFn: () => call(routes.getUserHlbOrders, { query: { page: 1, size: 50 }, hideError: true }),
    enabled: signedIn,
  });
}

export function useSubscribeHlb(onSuccess: () => void) {
  return useIdempotentMutation<{ product: string; amount: string }>({
    mutationFn: (body, key) => callIdempotent(routes.postUserHlbSubscribe, key, { body }),
    invalidates: () => [keys.user.all()],
    onSuccess,
  });
}

export function useRedeemHlb(onSuccess: () => void) {
  return useIdempotentMutation<number>({
    mutationFn: (orderId, key) => callIdempotent(routes.postUserHlbRedeem, key, { body: { orderId } }),
    invalidates: () => [keys.user.all()],
    onSuccess,
  });
}
