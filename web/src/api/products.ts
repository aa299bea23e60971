// Shared helper of the resource files whose endpoints a backend may not serve yet.
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
