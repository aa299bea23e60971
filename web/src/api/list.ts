// Paged lists: every list endpoint the web reads (list-routes.ts), named by its entry of the endpoint
// map (`routes.getUserFinance`), read through that entry, with its row type from the entry's schema.
// Every one answers `{ list, ... }`; the paged ones (`pageOf`) also carry the row count in `total`
// next to `page`. An entry the table does not name fails the type check.
import { PAGE_SIZE } from '@free/protocol/constants';
import { type Answer, type Query, type Route, request } from './client';
import { keys } from './keys';
import { LIST_ROUTES, type ListRoute } from './list-routes';

export type { ListRoute };

/** The data a list endpoint answers. */
export type ListData<R extends ListRoute> = Answer<R['id']>;
/** One row of list `R`. */
export type ListRow<R extends ListRoute> =
  ListData<R> extends { list: (infer Row extends object)[] } ? Row : never;

/** A list of the signed-in user (`/api/user/…`): asks for sign-in, and a sign-out clears it. */
export const isPersonalList = (route: ListRoute): boolean => route.path.startsWith('/api/user/');

/** The query key of a list: the user's own under 'user', the rest under 'public'. */
export const listKey = (route: ListRoute, params: Query) =>
  isPersonalList(route) ? keys.user.list(route.path, params) : keys.public.list(route.path, params);
/** Every page and filter of one list: what an invalidation names. */
export const listPrefix = (route: ListRoute) =>
  isPersonalList(route) ? keys.user.listAt(route.path) : keys.public.listAt(route.path);

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  /** keyset lists (finance): where the next page starts, null at the end; absent on page-numbered lists */
  nextCursor?: string | null;
}

/**
 * The row count of an answer: `total` of a paged answer (`pageOf`, which carries `page`). An unpaged
 * answer's `total` is something else (the pool's contributed sum), so it counts the rows in hand.
 */
export function rowCount(data: { list: unknown[] }, page: number): number {
  if ('page' in data && 'total' in data && typeof data.total === 'number') return data.total;
  return (page - 1) * PAGE_SIZE + data.list.length;
}

export async function fetchPage<R extends ListRoute>(
  route: R,
  params: Query,
  page: number,
  signal?: AbortSignal,
  /** a keyset list's cursor from the page before (then `page` only numbers the page) */
  cursor?: string,
): Promise<Page<ListRow<R>>> {
  if (!(LIST_ROUTES as readonly Route[]).includes(route))
    throw new Error(`not a list of the endpoint map: ${route.path}`);
  const data = await request<{ list: ListRow<R>[]; nextCursor?: string | null }>(route.method, route.path, {
    query: { ...params, page, size: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
    hideError: true,
    signal,
  });
  const list = data.list;
  const next = 'nextCursor' in data ? (data.nextCursor ?? null) : undefined;
  return { list, total: rowCount(data, page), page, ...(next === undefined ? {} : { nextCursor: next }) };
}
