// Paged lists: every list endpoint the web reads, with its row type from the protocol schema of its
// answer. Every one answers `{ list, ... }`; the paged ones (`pageOf`) also carry the row count in
// `total` next to `page`. A list the table does not name fails the type check.
import type * as schemas from '@free/protocol/api/index';
import { PAGE_SIZE } from '@free/protocol/constants';
import type { z } from 'zod';
import { api, isNotServed, type Query } from './client';
import { keys } from './keys';

/** Path → schema of its `data`. */
interface ListSchemas {
  '/api/common/article/list': typeof schemas.articleListData;
  '/api/common/machines': typeof schemas.machinesData;
  '/api/common/quotes': typeof schemas.quotesData;
  '/api/common/round/history': typeof schemas.roundHistoryData;
  '/api/user/contribute/record': typeof schemas.contributeData;
  '/api/user/airdrop/unlocks': typeof schemas.unlocksData;
  '/api/user/burn/records': typeof schemas.burnRecordsData;
  '/api/user/direct_list': typeof schemas.directListData;
  '/api/user/fcc/records': typeof schemas.fccRecordsData;
  '/api/user/finance': typeof schemas.financeData;
  '/api/user/machines': typeof schemas.myMachinesData;
  '/api/user/pool/contributions': typeof schemas.poolContributionsData;
  '/api/user/pool/orders': typeof schemas.poolOrdersData;
  '/api/user/recharge/list': typeof schemas.rechargeListData;
  '/api/user/round/bets': typeof schemas.roundBetsData;
  '/api/user/shop/orders': typeof schemas.shopOrdersData;
  '/api/user/stake/orders': typeof schemas.stakeOrdersData;
  '/api/user/stake/redemptions': typeof schemas.redemptionsData;
  '/api/user/withdraw/list': typeof schemas.withdrawListData;
}

export type ListPath = keyof ListSchemas;
/** The data a list endpoint answers. */
export type ListData<P extends ListPath> = z.infer<ListSchemas[P]>;
/** One row of list `P`. */
export type ListRow<P extends ListPath> = ListData<P>['list'][number];

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
  try {
    const data = await api.get<ListData<P>>(
      path,
      { ...params, page, size: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
      { hideError: true, signal },
    );
    const list = data.list as ListRow<P>[];
    const next = 'nextCursor' in data ? (data.nextCursor as string | null) : undefined;
    return { list, total: rowCount(data, page), page, ...(next === undefined ? {} : { nextCursor: next }) };
  } catch (error) {
    if (isNotServed(error)) return { list: [], total: 0, page };
    throw error;
  }
}
