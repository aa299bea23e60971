// Operator console, content: articles per language (which languages a slug has and lacks, the
// stored text, a preview exactly as readers get it), banners, and the contact links.
import { envelopeSchema } from '@free/protocol';
import * as api from '@free/protocol/api/admin';
import { LANGUAGE_CODES } from '@free/protocol/languages';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rowsOf } from '../../db/client.ts';
import { articles, banners } from '../../db/schema/index.ts';
import { ok } from '../../http/envelope.ts';
import { runForOperator } from '../../http/operator.ts';
import { AppError, ErrorCode } from '../../lib/errors.ts';
import { iso } from '../../lib/format.ts';
import { getSettings } from '../../services/settings.ts';
import { commandRoute, ROLES } from './shared.ts';

export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const roles = ROLES.content;

  app.get(
    '/api/admin/articles',
    {
      config: { operatorRoles: roles },
      schema: {
        summary:
          'Every article slug with the languages it has and the ones it lacks (readers there see English)',
        response: { 200: envelopeSchema(api.adminArticlesData) },
      },
    },
    async () => {
      const rows = rowsOf<{ slug: string; type: string; languages: string[]; published_at: string | Date }>(
        await ctx.db.db.execute(sql`SELECT slug, min(type) AS type, array_agg(language ORDER BY language) AS languages,
          max(published_at) AS published_at FROM articles GROUP BY slug ORDER BY max(published_at) DESC, slug LIMIT 500`),
      );
      return ok({
        list: rows.map((r) => ({
          slug: r.slug,
          type: r.type,
          languages: r.languages,
          missing: LANGUAGE_CODES.filter((l) => !r.languages.includes(l)),
          publishedAt: iso(r.published_at),
        })),
      });
    },
  );

  app.get(
    '/api/admin/articles/detail',
    {
      config: { operatorRoles: roles },
      schema: {
        summary: 'The stored text of one language of an article (to edit it)',
        querystring: api.adminArticleQuery,
        response: { 200: envelopeSchema(api.adminArticleData) },
      },
    },
    async (req) => {
      const [a] = await ctx.db.db
        .select()
        .from(articles)
        .where(and(eq(articles.slug, req.query.slug), eq(articles.language, req.query.lang)));
      if (!a) throw new AppError(ErrorCode.NotFound, 'lang');
      return ok({ ...a, publishedAt: iso(a.publishedAt) });
    },
  );

  app.get(
    '/api/admin/articles/preview',
    {
      config: { operatorRoles: roles },
      schema: {
        summary: 'An article as a reader of the language gets it from GET /api/common/article/detail',
        querystring: api.adminArticleQuery,
        response: { 200: envelopeSchema(api.adminArticlePreviewData) },
      },
    },
    async (req) => {
      const [a] = await ctx.db.db
        .select({ id: articles.id })
        .from(articles)
        .where(eq(articles.slug, req.query.slug))
        .orderBy(asc(articles.id))
        .limit(1);
      if (!a) throw new AppError(ErrorCode.NotFound, 'slug');
      // the user route itself answers, so the preview cannot drift from what readers see
      const r = await app.inject({
        method: 'GET',
        url: `/api/common/article/detail?id=${a.id}`,
        headers: { platform: 'admin', 'accept-language': req.query.lang },
      });
      const body = r.json() as { code: number; data: unknown };
      if (body.code !== ErrorCode.Ok) throw new AppError(ErrorCode.NotFound, 'slug');
      return ok(body.data as never);
    },
  );

  commandRoute(app, {
    url: '/api/admin/articles',
    roles,
    command: 'article:publish',
    summary: 'Publish or update one language of an article (the slug names the article across languages)',
    body: api.articleSaveBody,
    raw: (b) => ({
      type: b.type,
      lang: b.lang,
      title: b.title,
      body: b.content,
      slug: b.slug,
      summary: b.summary,
      cover: b.cover,
    }),
  });

  app.get(
    '/api/admin/banners',
    {
      config: { operatorRoles: roles },
      schema: { summary: 'Every banner', response: { 200: envelopeSchema(api.adminBannersData) } },
    },
    async () =>
      ok({ list: await ctx.db.db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id)) }),
  );
  commandRoute(app, {
    url: '/api/admin/banners',
    roles,
    command: 'banner:add',
    summary: 'Add a banner (for one language, or every language without lang)',
    body: api.bannerAddBody,
  });
  commandRoute(app, {
    url: '/api/admin/banners/remove',
    roles,
    command: 'banner:remove',
    summary: 'Remove a banner',
    body: api.bannerRemoveBody,
  });

  app.get(
    '/api/admin/contacts',
    {
      config: { operatorRoles: roles },
      schema: {
        summary: 'The contact links shown to users',
        response: { 200: envelopeSchema(api.contactsData) },
      },
    },
    async () => {
      const s = await getSettings(ctx.db.db);
      return ok({ twitter: s.twitter_url, telegram: s.telegram_url });
    },
  );
  app.post(
    '/api/admin/contacts',
    {
      config: { operatorRoles: roles },
      schema: {
        summary: 'Set the contact links (command config:set per link given)',
        body: api.contactsSetBody,
        response: { 200: envelopeSchema(api.contactsData) },
      },
    },
    async (req, reply) => {
      const links = { twitter_url: req.body.twitter, telegram_url: req.body.telegram };
      for (const [key, value] of Object.entries(links)) {
        if (value === undefined) continue;
        const r = await runForOperator(req, reply, 'config:set', { key, value: JSON.stringify(value) });
        if (!r.ok) return reply;
      }
      const s = await getSettings(ctx.db.db);
      return ok({ twitter: s.twitter_url, telegram: s.telegram_url });
    },
  );
};
