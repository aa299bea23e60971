// Articles (announcements, documents) and banners.
import type { ArticleDetail, bannerItem } from '@free/protocol/api/index';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, routes } from './client';
import { HOME_ANNOUNCEMENTS } from './early';
import { keys } from './keys';

export function useArticle(id: string | null) {
  return useQuery({
    queryKey: keys.articles.detail(id ?? ''),
    queryFn: () => call(routes.getCommonArticleDetail, { query: { id: id ?? '' } }),
    enabled: !!id,
  });
}

/**
 * The newest article of a type with its body (a module page's introduction), in the reader's
 * language or the server's English fallback; null when none is published.
 */
export function useLatestArticle(type: string) {
  return useQuery({
    queryKey: keys.articles.list({ type, latest: 1 }),
    queryFn: async (): Promise<ArticleDetail | null> => {
      const list = await call(routes.getCommonArticleList, {
        query: {
          type,
          page: '1',
          size: '1',
        },
      });
      const first = list.list[0];
      if (!first) return null;
      return call(routes.getCommonArticleDetail, { query: { id: String(first.id) } });
    },
  });
}

/** The newest announcements (the home ticker); none when the server does not serve articles yet. */
export const announcementsQuery = {
  queryKey: keys.articles.list(HOME_ANNOUNCEMENTS),
  queryFn: async () =>
    (await call(routes.getCommonArticleList, { query: HOME_ANNOUNCEMENTS, hideError: true })).list,
};

export function useLatestAnnouncements() {
  return useQuery(announcementsQuery);
}

export type Banner = z.infer<typeof bannerItem>;

export const bannersQuery = {
  queryKey: keys.banner(),
  queryFn: async () => (await call(routes.getCommonBanner, { hideError: true })).list,
};

export function useBanners() {
  return useQuery(bannersQuery);
}
