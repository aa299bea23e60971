// The reads of the content pages (docs/business-rules.md "Content"): articles in the reader's
// language with English as the fallback, the banners shown, and the operator's view of both.
// Publishing is in content-types.ts.
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from '@free/protocol/languages';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../db/client.ts';
import { articles, banners } from '../db/schema/index.ts';

export type Article = {
  id: number;
  slug: string;
  type: string;
  /** the language served (the reader's, or English when the slug has no translation) */
  language: string;
  title: string;
  summary: string;
  cover: string | null;
  content: string;
  publishedAt: Date | string;
};

type ArticleRow = Omit<Article, 'publishedAt'> & { published_at: string | Date };
const articleOf = ({ published_at, ...r }: ArticleRow): Article => ({
  ...r,
  id: Number(r.id),
  publishedAt: published_at,
});

/** Published articles (one per slug, in `lang` or else English), newest first, one page. */
export async function articlePage(
  db: Executor,
  q: { lang: string; type?: string | undefined; page: number; size: number; now: Date },
): Promise<{ list: Article[]; total: number }> {
  const typeFilter = q.type ? sql`AND type = ${q.type}` : sql``;
  const base = sql`SELECT DISTINCT ON (slug) id, slug, type, language, title, summary, cover, content, published_at
      FROM articles WHERE language IN (${q.lang}, ${DEFAULT_LANGUAGE}) AND published_at <= ${q.now} ${typeFilter}
      ORDER BY slug, (language = ${q.lang}) DESC`;
  const list = rowsOf<ArticleRow>(
    await db.execute(
      sql`SELECT * FROM (${base}) a ORDER BY published_at DESC, id DESC LIMIT ${q.size} OFFSET ${(q.page - 1) * q.size}`,
    ),
  );
  const [count] = rowsOf<{ n: number | string }>(
    await db.execute(sql`SELECT count(*) AS n FROM (${base}) a`),
  );
  return { list: list.map(articleOf), total: Number(count?.n ?? 0) };
}

/**
 * The published article of id `id` in the reader's language: the same slug in `lang`, else in
 * English, else the row asked for. null: no such article, or not yet published.
 */
export async function articleById(
  db: Executor,
  id: number,
  lang: string,
  now: Date,
): Promise<Article | null> {
  const [row] = rowsOf<ArticleRow>(
    await db.execute(sql`SELECT b.id, b.slug, b.type, b.language, b.title, b.summary, b.cover, b.content, b.published_at
        FROM articles a JOIN articles b ON b.slug = a.slug
        WHERE a.id = ${id} AND b.published_at <= ${now}
        ORDER BY (b.language = ${lang}) DESC, (b.language = ${DEFAULT_LANGUAGE}) DESC, (b.id = a.id) DESC LIMIT 1`),
  );
  return row ? articleOf(row) : null;
}

export type Banner = {
  id: number;
  image: string;
  link: string | null;
  language: string | null;
  sort: number;
};

/** The active banners for a reader of `lang` (those of that language and those of every language). */
export async function bannersFor(db: Executor, lang: string): Promise<Banner[]> {
  const list = rowsOf<Banner>(
    await db.execute(sql`SELECT id, image, link, language, sort FROM banners
        WHERE active AND (language IS NULL OR language = ${lang}) ORDER BY sort, id LIMIT 50`),
  );
  return list.map((b) => ({ ...b, id: Number(b.id) }));
}

export type ArticleSlug = {
  slug: string;
  type: string;
  languages: string[];
  /** the languages without a translation (readers there get English) */
  missing: string[];
  publishedAt: Date | string;
};

/** Every article slug with the languages it has and lacks, latest published first (operator console). */
export async function articleSlugs(db: Executor): Promise<ArticleSlug[]> {
  const rows = rowsOf<{ slug: string; type: string; languages: string[]; published_at: string | Date }>(
    await db.execute(sql`SELECT slug, min(type) AS type, array_agg(language ORDER BY language) AS languages,
        max(published_at) AS published_at FROM articles GROUP BY slug ORDER BY max(published_at) DESC, slug LIMIT 500`),
  );
  return rows.map((r) => ({
    slug: r.slug,
    type: r.type,
    languages: r.languages,
    missing: LANGUAGE_CODES.filter((l) => !r.languages.includes(l)),
    publishedAt: r.published_at,
  }));
}

export type StoredArticle = typeof articles.$inferSelect;

/** The stored text of one language of a slug, published or not; null when that language is missing. */
export async function storedArticle(db: Executor, slug: string, lang: string): Promise<StoredArticle | null> {
  const [a] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.slug, slug), eq(articles.language, lang)));
  return a ?? null;
}

/** The first row of a slug (any language): the id a reader's link to it carries; null when none. */
export async function articleIdOfSlug(db: Executor, slug: string): Promise<number | null> {
  const [a] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(eq(articles.slug, slug))
    .orderBy(asc(articles.id))
    .limit(1);
  return a?.id ?? null;
}

export type StoredBanner = typeof banners.$inferSelect;

/** Every banner, shown or not, in the order shown (operator console). */
export async function allBanners(db: Executor): Promise<StoredBanner[]> {
  return db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id));
}
