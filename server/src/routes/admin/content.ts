// Operator console, content: articles per language (which languages a slug has and lacks, the
// stored text, a preview exactly as readers get it), banners, and the contact links.
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { runForOperator } from '../../http/operator.ts';
import { route } from '../../http/route.ts';
import { AppError, ErrorCode } from '../../lib/errors.ts';
import { allBanners, articleIdOfSlug, articleSlugs, storedArticle } from '../../services/content.ts';
import { getSettings } from '../../services/settings.ts';
import { toArticleSlugView, toStoredArticleView, toStoredBannerView } from '../../views/content.ts';
import { commandRoute } from './shared.ts';

export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(app, e.getAdminArticles, async () =>
    ok({ list: (await articleSlugs(ctx.db.db)).map(toArticleSlugView) }),
  );

  route(app, e.getAdminArticlesDetail, async (req) => {
    const a = await storedArticle(ctx.db.db, req.query.slug, req.query.lang);
    // a language the article lacks is no failure: the console offers to write it
    return ok(a ? toStoredArticleView(a) : null);
  });

  route(app, e.getAdminArticlesPreview, async (req) => {
    const id = await articleIdOfSlug(ctx.db.db, req.query.slug);
    if (id === null) throw new AppError(ErrorCode.NotFound, 'slug');
    // the user route itself answers, so the preview cannot drift from what readers see
    const r = await app.inject({
      method: 'GET',
      url: `${e.getCommonArticleDetail.path}?id=${id}`,
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
    ok({ list: (await allBanners(ctx.db.db)).map(toStoredBannerView) }),
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
