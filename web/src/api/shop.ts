// The shop: products, one product, ordering shares with the balance, cancelling an order.
import type { shopOrder, shopProduct } from '@free/protocol/api/index';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, routes } from './client';
import { callIdempotent, useIdempotentMutation } from './idempotent';
import { keys } from './keys';

export type ShopProduct = z.infer<typeof shopProduct>;
export type ShopOrder = z.infer<typeof shopOrder>;

export function useShopProducts() {
  return useQuery({
    queryKey: keys.public.shopProducts(),
    queryFn: async () => (await call(routes.getCommonShopProducts, { hideError: true })).list,
  });
}

export function useShopProduct(id: string) {
  return useQuery({
    queryKey: keys.public.shopProduct(id),
    queryFn: () => call(routes.getCommonShopProductDetail, { query: { id }, hideError: true }),
    enabled: /^\d+$/.test(id),
  });
}

/** Orders shares paid from the balance at once; the balance, my orders and the stock change. */
export function useOrderShares(onSuccess: (order: ShopOrder) => void) {
  return useIdempotentMutation<{ productId: number; quantity: number }, ShopOrder>({
    mutationFn: (body, key) => callIdempotent(routes.postUserShopOrder, key, { body }),
    invalidates: () => [keys.user.all(), keys.public.shop()],
    onSuccess,
  });
}

/** Cancels an order not shipped yet: a paid one is refunded and its shares go back in stock. */
export function useCancelShopOrder(onSuccess: (order: ShopOrder) => void) {
  return useIdempotentMutation<number, ShopOrder>({
    mutationFn: (orderId, key) => callIdempotent(routes.postUserShopCancel, key, { body: { orderId } }),
    invalidates: () => [keys.user.all(), keys.public.shop()],
    onSuccess: (order) => onSuccess(order),
  });
}
