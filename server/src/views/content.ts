// The content answers: articles and banners as readers get them, and the operator console's view
// of the stored articles and banners; times as ISO.
import type * as admin from '@free/protocol/api/admin';
import type { ArticleDetail, ArticleItem, bannerItem } from '@free/protocol/api/common';
import type { z } from 'zod';
import { iso } from '../lib/format.ts';
import type { Article, ArticleSlug, Banner, StoredArticle, StoredBanner } from '../services/content.ts';

type BannerItem = z.infer<typeof bannerItem>;

/** An article in a list (without its text). */
export const toArticleItemView = (a: Article): ArticleItem => ({
  id: a.id,
  slug: a.slug,
  type: a.type,
  language: a.language,
  title: a.title,
  summary: a.summary,
  cover: a.cover,
  publishedAt: iso(a.publishedAt),
});

export const toArticleDetailView = (a: Article): ArticleDetail => ({
  ...toArticleItemView(a),
  content: a.content,
});

export const toBannerView = (b: Banner): BannerItem => ({
  id: b.id,
  image: b.image,
  link: b.link,
  language: b.language,
  sort: b.sort,
});

export const toArticleSlugView = (s: ArticleSlug): z.infer<typeof admin.adminArticleSlug> => ({
  ...s,
  publishedAt: iso(s.publishedAt),
});

/** One language of an article as stored, published or not (what the console edits). */
export const toStoredArticleView = (a: StoredArticle): z.infer<typeof admin.adminArticleData> => ({
  id: a.id,
  slug: a.slug,
  type: a.type,
  language: a.language,
  title: a.title,
  summary: a.summary,
  content: a.content,
  cover: a.cover,
  publishedAt: iso(a.publishedAt),
});

export const toStoredBannerView = (b: StoredBanner): z.infer<typeof admin.adminBanner> => ({
  id: b.id,
  image: b.image,
  link: b.link,
  language: b.language,
  sort: b.sort,
  active: b.active,
});
