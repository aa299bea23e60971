// Article types of the content pages (docs/business-rules.md "Content") and the publishing used by ops and seed. Articles
// live in the core `articles` table (one row per slug and language; `/api/common/article/*` serves
// the caller's language and falls back to English); banners in `banners`.

import { ARTICLE_TYPES, type ArticleType, isArticleType } from '@free/protocol/content';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { articles, banners } from '../db/schema/index.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';

export { ARTICLE_TYPES, type ArticleType, isArticleType };

export type ArticleInput = {
  slug: string;
  type: ArticleType;
  language: string;
  title: string;
  summary?: string;
  /** body text (markdown/plain); for video, poster, document: the media URL in `cover`/body */
  content: string;
  cover?: string | null;
  publishedAt?: Date;
};

/** Publishes (or replaces) one language of an article; the English row is the fallback. */
export async function publishArticle(db: Executor, a: ArticleInput): Promise<number> {
  if (!isArticleType(a.type)) throw new AppError(ErrorCode.BadRequest, 'type');
  if (!/^[a-z0-9][a-z0-9_-]{0,63}$/.test(a.slug)) throw new AppError(ErrorCode.BadRequest, 'slug');
  const values = {
    slug: a.slug,
    type: a.type,
    language: a.language,
    title: a.title,
    summary: a.summary ?? '',
    content: a.content,
    cover: a.cover ?? null,
    ...(a.publishedAt ? { publishedAt: a.publishedAt } : {}),
  };
  const [row] = await db
    .insert(articles)
    .values(values)
    .onConflictDoUpdate({
      target: [articles.slug, articles.language],
      set: { ...values, publishedAt: sql`coalesce(excluded.published_at, ${articles.publishedAt})` },
    })
    .returning({ id: articles.id });
  if (!row) throw new Error('article upsert returned nothing');
  return row.id;
}

export async function addBanner(
  db: Executor,
  b: { image: string; link?: string | null; language?: string | null; sort?: number },
): Promise<number> {
  const [row] = await db
    .insert(banners)
    .values({ image: b.image, link: b.link ?? null, language: b.language ?? null, sort: b.sort ?? 0 })
    .returning({ id: banners.id });
  if (!row) throw new Error('banner insert returned nothing');
  return row.id;
}

/** Removes a banner; false when there is none of that id. */
export async function removeBanner(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
  return rows.length > 0;
}
