// Every list's four states, drawn the same everywhere: skeleton after 200 ms, 'no data yet', error + retry, content;
// pull to refresh and infinite scroll; 'no more' hidden once the total is above 999 (docs/business-rules.md "Calls, messages and timing").

import { NO_MORE_HIDDEN_ABOVE, PAGE_SIZE } from '@free/protocol/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, PullToRefresh } from 'antd-mobile';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../api/client';
import { fetchPage, type ListRoute, type ListRow, listKey, type Page } from '../api/list';
import { useRestartStalled } from '../api/restart';
import { EmptyState } from './EmptyState';
import { Loading } from './PageSkeleton';

export interface InfiniteListProps<R extends ListRoute> {
  /** the list's entry of the endpoint map (`routes.getUserFinance`) */
  route: R;
  params?: Query;
  enabled?: boolean;
  renderItem: (item: ListRow<R>, index: number) => ReactNode;
  itemKey?: (item: ListRow<R>, index: number) => string | number;
}

export function InfiniteList<R extends ListRoute>({
  route,
  params = {},
  enabled = true,
  renderItem,
  itemKey,
}: InfiniteListProps<R>) {
  const { t } = useTranslation();
  const restart = useRestartStalled();
  const q = useInfiniteQuery({
    queryKey: listKey(route, params),
    enabled,
    initialPageParam: { page: 1 } as { page: number; cursor?: string },
    queryFn: ({ pageParam, signal }) => fetchPage(route, params, pageParam.page, signal, pageParam.cursor),
    // a keyset list (nextCursor) says itself where the next page starts; others count pages
    getNextPageParam: (last: Page<ListRow<R>>) =>
      last.nextCursor !== undefined
        ? last.nextCursor
          ? { page: last.page + 1, cursor: last.nextCursor }
          : undefined
        : last.list.length === PAGE_SIZE && last.page * PAGE_SIZE < last.total
          ? { page: last.page + 1 }
          : undefined,
  });
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  const total = q.data?.pages.at(-1)?.total ?? 0;

  let body: ReactNode;
  if (q.isPending) body = enabled ? <Loading onRetry={restart} /> : null;
  else if (q.isError && items.length === 0)
    body = (
      <EmptyState text={t('list.loadFailed')}>
        <Button shape="rounded" size="small" onClick={() => void q.refetch()}>
          {t('action.retry')}
        </Button>
      </EmptyState>
    );
  else if (items.length === 0) body = <EmptyState text={t('list.noData')} />;
  else
    body = (
      <>
        <ul className="list">
          {items.map((item, i) => (
            <li key={itemKey ? itemKey(item, i) : i} className="list-item">
              {renderItem(item, i)}
            </li>
          ))}
        </ul>
        <div ref={sentinel} className="list-footer">
          {hasNextPage ? (
            <Button
              fill="none"
              size="small"
              loading={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            >
              {t('list.loadMore')}
            </Button>
          ) : total <= NO_MORE_HIDDEN_ABOVE ? (
            t('list.noMore')
          ) : null}
        </div>
      </>
    );

  return (
    <PullToRefresh
      onRefresh={async () => {
        await q.refetch();
      }}
      pullingText={t('list.pullToRefresh')}
      canReleaseText={t('list.releaseToRefresh')}
      refreshingText={t('list.refreshing')}
      completeText={t('list.refreshed')}
    >
      <div className="list-box">{body}</div>
    </PullToRefresh>
  );
}
