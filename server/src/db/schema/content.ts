// DB-backed configuration, articles (announcements, documents) and banners.
import { bigint, boolean, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './_columns.ts';

export const config = pgTable('config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

export const articles = pgTable(
  'articles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** the same slug in several languages is one article translated */
    slug: text('slug').notNull(),
    /** announcement, whitepaper, business_plan, roadmap, … */
    type: text('type').notNull(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    content: text('content').notNull(),
    cover: text('cover'),
    publishedAt: ts('published_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('articles_slug_language').on(t.slug, t.language),
    index('articles_type_idx').on(t.type, t.publishedAt),
  ],
);

export const banners = pgTable('banners', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  image: text('image').notNull(),
  link: text('link'),
  /** null: shown in every language */
  language: text('language'),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});
