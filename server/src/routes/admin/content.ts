// Operator console, content: articles per language (which languages a slug has and lacks, the
// stored text, a preview exactly as readers get it), banners, and the contact links.
import { endpoints as e } from '@free/protocol/api/endpoints';
import { LANGUAGE_CODES } from '@free/protocol/languages';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rowsOf } from '../../db/client.ts';
import { articles, banners } from '../../db/schema/index.ts';
import { ok } from '../../http/envelope.ts';
import { runForOperator } from '../../http/operator.ts';
import { route } from '../../http/route.ts';
import { AppError, ErrorCode } from '../../lib/errors.ts';
import { iso } from '../../lib/format.ts';
import { getSettings } from '../../services/settings.ts';
import { commandRoute } from './shared.ts';

export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(app, e.getAdminArticles, async () => {
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
  });

  route(app, e.getAdminArticlesDetail, async (req) => {
    const [a] = await ctx.db.db
      .select()
      .from(articles)
      .where(and(eq(articles.slug, req.query.slug), eq(articles.language, req.query.lang)));
    // a language the article lacks is no failure: the console offers to write it
    return ok(a ? { ...a, publishedAt: iso(a.publishedAt) } : null);
  });

  route(app, e.getAdminArticlesPreview, async (req) => {
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
  });

  commandRoute(app, e.postAdminArticles, (b) => ({
    type: b.type,
    lang: b.lang,
    title: b.title,
    body: b.content,
    slug: b.slug,
    summary: b.summary,
    cover: b.cover,
  }));

  route(app, e.getAdminBanners, async () =>
    ok({ list: await ctx.db.db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id)) }),
  );
  commandRoute(app, e.postAdminBanners);
  commandRoute(app, e.postAdminBannersRemove);

  route(app, e.getAdminContacts, async () => {
    const s = await getSettings(ctx.db.db);
    return ok({ twitter: s.twitter_url, telegram: s.telegram_url });
  });
  route(app, e.postAdminContacts, async (req, reply) => {
    const links = { twitter_url: req.body.twitter, telegram_url: req.body.telegram };
    for (const [key, value] of Object.entries(links)) {
      if (value === undefined) continue;
      const r = await runForOperator(req, reply, 'config:set', { key, value: JSON.stringify(value) });
      if (!r.ok) return reply;
    }
    const s = await getSettings(ctx.db.db);
    return ok({ twitter: s.twitter_url, telegram: s.telegram_url });
  });
};
