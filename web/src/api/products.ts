// Shared helpers of the product-module hook files (fomo, quotes, rounds, pool, machines, cards, hlb).
import { api, type Query } from './client';
import { isNotServed } from './list';

/** A GET whose endpoint may not be served on this backend yet: 404 reads as null, not a failure. */
export async function getOptional<T>(path: string, query?: Query): Promise<T | null> {
  try {
    return await api.get<T>(path, query, { hideError: true });
  } catch (error) {
    if (isNotServed(error)) return null;
    throw error;
  }
}

/** A money-moving POST with its Idempotency-Key (one key per user action). */
export function postOnce<T>(path: string, body: unknown, idempotencyKey: string): Promise<T> {
  return api.post<T>(path, body, { headers: { 'Idempotency-Key': idempotencyKey } });
}
