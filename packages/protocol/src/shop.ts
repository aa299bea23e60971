// Shop rules both sides check: how many shares one order may buy, and how an order moves.
import type { SHOP_ORDER_STATES } from './api/shop.ts';

export type ShopState = (typeof SHOP_ORDER_STATES)[number];

/** Most shares one order may buy. */
export const MAX_SHARES = 1000;

/** Allowed moves of an order; anything else is refused. */
export const SHOP_TRANSITIONS: Record<ShopState, readonly ShopState[]> = {
  ordered: ['paid', 'cancelled'],
  paid: ['shipped', 'cancelled'],
  shipped: ['completed'],
  completed: [],
  cancelled: [],
};

/** The buyer may cancel an order until it is shipped (a paid one is refunded). */
export const canCancel = (state: ShopState): boolean => SHOP_TRANSITIONS[state].includes('cancelled');

/** Shares as typed: digits only (anything else is dropped), no leading zeros. */
export function cleanSharesInput(text: string): string {
  return text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 7);
}

/**
 * Why a quantity cannot be ordered, or null: `empty` (nothing or zero, or not a whole number),
 * `max` (over MAX_SHARES), `stock` (more than is left), `balance` (the total exceeds the balance).
 */
export type SharesProblem = 'empty' | 'max' | 'stock' | 'balance';

export function sharesProblem(
  quantity: number | null,
  opts: { stock?: number | null; price?: bigint; balance?: bigint } = {},
): SharesProblem | null {
  if (quantity === null || !Number.isInteger(quantity) || quantity < 1) return 'empty';
  if (quantity > MAX_SHARES) return 'max';
  if (opts.stock !== undefined && opts.stock !== null && quantity > opts.stock) return 'stock';
  if (opts.price !== undefined && opts.balance !== undefined && opts.price * BigInt(quantity) > opts.balance)
    return 'balance';
  return null;
}

/** The quantity typed in the shares field (null when empty). */
export const parseShares = (text: string): number | null => (text === '' ? null : Number(text));
