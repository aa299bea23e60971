// Paged lists: every list endpoint the web reads (list-routes.ts), with its row type from its entry
// of the endpoint map, and read through that entry. Every one answers `{ list, ... }`; the paged
// ones (`pageOf`) also carry the row count in `total` next to `page`. A list the table does not
// name fails the type check.
import type { EndpointKey, Endpoints } from '@free/protocol/api/endpoints';
import { PAGE_SIZE } from '@free/protocol/constants';
import { type Answer, type Query, request } from './client';
import { keys } from './keys';
import { LIST_ROUTES, type ListPath } from './list-routes';

export type { ListPath };

/** The key of the map's GET endpoint at `P`. */
type GetAt<P extends string> = {
  [K in EndpointKey]: Endpoints[K] extends { method: 'GET'; path: P } ? K : never;
}[EndpointKey];

/** The data a list endpoint answers. */
export type ListData<P extends ListPath> = Answer<GetAt<P>>;
/** One row of list `P`. */
export type ListRow<P extends ListPath> =
  ListData<P> extends { list: (infer R extends object)[] } ? R : never;

/** A list of the signed-in user (`/api/user/…`): asks for sign-in, and a sign-out clears it. */
export const isPersonalList = (path: ListPath): boolean => path.startsWith('/api/user/');

/** The query key of a list: the user's own under 'user', the rest under 'public'. */
export const listKey = (path: ListPath, params: Query) =>
  isPersonalList(path) ? keys.user.list(path, params) : keys.public.list(path, params);
/** Every page and filter of one list: what an invalidation names. */
export const listPrefix = (path: ListPath) =>
  isPersonalList(path) ? keys.user.listAt(path) : keys.public.listAt(path);

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

export async function fetchPage<P extends ListPath>(
  path: P,
  params: Query,
  page: number,
  signal?: AbortSignal,
  /** a keyset list's cursor from the page before (then `page` only numbers the page) */
  cursor?: string,
): Promise<Page<ListRow<P>>> {
  const route = LIST_ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`not a list of the endpoint map: ${path}`);
  const data = await request<{ list: ListRow<P>[]; nextCursor?: string | null }>(route.method, route.path, {
    query: { ...params, page, size: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
    hideError: true,
    signal,
  });
  const list = data.list;
  const next = 'nextCursor' in data ? (data.nextCursor ?? null) : undefined;
  return { list, total: rowCount(data, page), page, ...(next === undefined ? {} : { nextCursor: next }) };
}
