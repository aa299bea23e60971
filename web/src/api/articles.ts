// Articles (announcements, documents) and banners.
import type { ArticleDetail, bannerItem } from '@free/protocol/api/index';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './client';
import { keys } from './keys';
import { isNotServed } from './list';

export function useArticle(id: string | null) {
  return useQuery({
    queryKey: keys.articles.detail(id ?? ''),
    queryFn: () => api.get<ArticleDetail>('/api/common/article/detail', { id: id ?? '' }),
    enabled: !!id,
  });
}

export type Banner = z.infer<typeof bannerItem>;

export function useBanners() {
  return useQuery({
    queryKey: keys.banner(),
    queryFn: async () => {
      try {
        return (await api.get<{ list: Banner[] }>('/api/common/banner', undefined, { hideError: true })).list;
      } catch (error) {
        if (isNotServed(error)) return [] as Banner[];
        throw error;
      }
    },
  });
}
