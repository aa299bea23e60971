// Paged lists: every list endpoint the web reads, with its row type from its entry of the endpoint
// map. Every one answers `{ list, ... }`; the paged ones (`pageOf`) also carry the row count in
// `total` next to `page`. A list the table does not name fails the type check.
import type { EndpointKey, Endpoints } from '@free/protocol/api/endpoints';
import { PAGE_SIZE } from '@free/protocol/constants';
import { type Answer, type Query, request } from './client';
import { keys } from './keys';

/** Every list endpoint (a GET answering `{ list, ... }`); its answer's type comes from the map. */
export type ListPath =
  | '/api/common/article/list'
  | '/api/common/machines'
  | '/api/common/quotes'
  | '/api/common/round/history'
  | '/api/user/contribute/record'
  | '/api/user/airdrop/unlocks'
  | '/api/user/burn/records'
  | '/api/user/direct_list'
  | '/api/user/fcc/records'
  | '/api/user/finance'
  | '/api/user/machines'
  | '/api/user/pool/contributions'
  | '/api/user/pool/orders'
  | '/api/user/recharge/list'
  | '/api/user/round/bets'
  | '/api/user/shop/orders'
  | '/api/user/stake/orders'
  | '/api/user/stake/redemptions'
  | '/api/user/withdraw/list';

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
  const data = await request<{ list: ListRow<P>[]; nextCursor?: string | null }>('GET', path, {
    query: { ...params, page, size: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
    hideError: true,
    signal,
  });
  const list = data.list;
  const next = 'nextCursor' in data ? (data.nextCursor ?? null) : undefined;
  return { list, total: rowCount(data, page), page, ...(next === undefined ? {} : { nextCursor: next }) };
}
