// The shop: products, one product, ordering shares with the balance, cancelling an order.
import type { shopOrder, shopProduct, shopProductsData } from '@free/protocol/api/index';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getOptional } from './client';
import { postIdempotent, useIdempotentMutation } from './idempotent';
import { keys } from './keys';

export type ShopProduct = z.infer<typeof shopProduct>;
export type ShopOrder = z.infer<typeof shopOrder>;

export function useShopProducts() {
  return useQuery({
    queryKey: keys.public.shopProducts(),
    queryFn: async () =>
      (await getOptional<z.infer<typeof shopProductsData>>('/api/common/shop/products'))?.list ?? [],
  });
}

export function useShopProduct(id: string) {
  return useQuery({
    queryKey: keys.public.shopProduct(id),
    queryFn: () => getOptional<ShopProduct>('/api/common/shop/product/detail', { id }),
    enabled: /^\d+$/.test(id),
  });
}

/** Orders shares paid from the balance at once; the balance, my orders and the stock change. */
export function useOrderShares(onSuccess: (order: ShopOrder) => void) {
  return useIdempotentMutation<{ productId: number; quantity: number }, ShopOrder>({
    mutationFn: (body, key) => postIdempotent<ShopOrder>('/api/user/shop/order', body, key),
    invalidates: () => [keys.user.all(), keys.public.shop()],
    onSuccess,
  });
}

/** Cancels an order not shipped yet: a paid one is refunded and its shares go back in stock. */
export function useCancelShopOrder(onSuccess: (order: ShopOrder) => void) {
  return useIdempotentMutation<number, ShopOrder>({
    mutationFn: (orderId, key) => postIdempotent<ShopOrder>('/api/user/shop/cancel', { orderId }, key),
    invalidates: () => [keys.user.all(), keys.public.shop()],
    onSuccess: (order) => onSuccess(order),
  });
}
