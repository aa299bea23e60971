// Huan Li Bao: products, my orders with static/dynamic income, subscribe and redeem.
import type { hlbOrdersData } from '@free/protocol/api/hlb';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useSession } from '../session/store';
import { getOptional, postOnce } from './products';

export type HlbData = z.infer<typeof hlbOrdersData>;
export const hlbKeys = { orders: () => ['user', 'hlb', 'orders'] as const };

export function useHlb() {
  const signedIn = useSession() !== null;
  return useQuery({
    queryKey: hlbKeys.orders(),
    queryFn: () => getOptional<HlbData>('/api/user/hlb/orders', { page: 1, size: 50 }),
    enabled: signedIn,
  });
}

export const subscribeHlb = (product: string, amount: string, key: string) =>
  postOnce<unknown>('/api/user/hlb/subscribe', { product, amount }, key);
export const redeemHlb = (orderId: number, key: string) =>
  postOnce<unknown>('/api/user/hlb/redeem', { orderId }, key);
