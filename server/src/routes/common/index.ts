// Public endpoints: sign-in (nonce, login), config, articles, banners.

import { parseHex } from '@free/protocol/address';
import { endpoints as e } from '@free/protocol/api/endpoints';
import { DEFAULT_LANGUAGE } from '@free/protocol/languages';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rowsOf } from '../../db/client.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { AppError, ErrorCode } from '../../lib/errors.ts';
import { amt, checksum, iso, pageArgs } from '../../lib/format.ts';
import { issueNonce, login } from '../../services/auth.ts';
import { getSettings, wei } from '../../services/settings.ts';
import { withdrawLimitsByCoin } from '../../services/withdraw.ts';
import { toWithdrawLimitsView } from '../../views/withdraw-limits.ts';

type ArticleRow = {
  id: number;
  slug: string;
  type: string;
  language: string;
  title: string;
  summary: string;
  cover: string | null;
  content: string;
  published_at: string | Date;
};

const articleOut = (r: ArticleRow) => ({
  id: Number(r.id),
  slug: r.slug,
  type: r.type,
  language: r.language,
  title: r.title,
  summary: r.summary,
  cover: r.cover,
  publishedAt: iso(r.published_at),
});

export const commonRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // The part of the public config fixed for the life of the process (chain and deployment);
  // the settings part is read per request so that an operator's change shows at once.
  const d = ctx.config.deployment;
  const deploymentPart = {
    chain_id: ctx.config.chainId,
    contracts: d
      ? {
          usdt: checksum(d.usdt),
          free: checksum(d.free),
          fcc: checksum(d.fcc),
          staking: checksum(d.staking),
          payment: checksum(d.payment),
          factory: checksum(d.factory),
          router: checksum(d.router),
          pair: checksum(d.pair),
        }
      : null,
  };

  route(app, e.getCommonNonce, async (req) => {
    const { nonce, expiresAt } = await issueNonce(ctx.db.db, req.query.address, ctx.clock());
    return ok({
      nonce,
      address: checksum(req.query.address),
      chainId: ctx.config.chainId,
      expiresAt: iso(expiresAt),
    });
  });

  route(app, e.postCommonLogin, async (req) => {
    const r = await login(
      {
        message: req.body.message,
        signature: parseHex(req.body.signature, 'signature'),
        inviter: req.body.inviter,
        device: req.headers['user-agent'],
      },
      {
        db: ctx.db,
        chainId: ctx.config.chainId,
        domains: ctx.config.siweDomains,
        now: ctx.clock(),
        publicClient: ctx.chain.publicClient,
      },
    );
    return ok({
      token: r.token,
      expiresAt: iso(r.expiresAt),
      user: {
        id: r.user.id,
        address: checksum(r.user.address),
        inviter: r.inviterAddress ? checksum(r.inviterAddress) : null,
        ignited: r.user.ignited,
        createdAt: iso(r.user.createdAt),
      },
    });
  });

  route(app, e.getCommonConfig, async () => {
    const s = await getSettings(ctx.db.db);
    return ok({
      twitter_url: s.twitter_url,
      telegram_url: s.telegram_url,
      min_investment: amt(wei(s.min_investment_free_wei)),
      max_investment: amt(wei(s.max_investment_wei)),
      ...deploymentPart,
      cycles: s.cycles.map((c, index) => ({ index, ...c })),
      limits: {
        min_amount: amt(wei(s.min_amount_wei)),
        max_amount: amt(wei(s.max_amount_wei)),
        max_recharge: amt(wei(s.max_recharge_wei)),
        withdraw: toWithdrawLimitsView(withdrawLimitsByCoin(s)),
      },
      ignition_free: amt(wei(s.ignition_free_wei)),
      fomo_floor: amt(wei(s.fomo_floor_wei)),
      market_maker: {
        turnover_usdt: amt(wei(s.market_maker.turnover_wei)),
        principal_share_bps: s.market_maker.principal_share_bps,
        fcc_multiplier: s.market_maker.fcc_multiplier,
      },
      modules: s.modules,
    });
  });

  route(app, e.getCommonArticleList, async (req) => {
    const { limit, offset } = pageArgs(req.query);
    const lang = req.lang;
    const typeFilter = req.query.type ? sql`AND type = ${req.query.type}` : sql``;
    const base = sql`SELECT DISTINCT ON (slug) id, slug, type, language, title, summary, cover, content, published_at
        FROM articles WHERE language IN (${lang}, ${DEFAULT_LANGUAGE}) AND published_at <= ${ctx.clock()} ${typeFilter}
        ORDER BY slug, (language = ${lang}) DESC`;
    const list = rowsOf<ArticleRow>(
      await ctx.db.db.execute(
        sql`SELECT * FROM (${base}) a ORDER BY published_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
      ),
    );
    const [count] = rowsOf<{ n: number | string }>(
      await ctx.db.db.execute(sql`SELECT count(*) AS n FROM (${base}) a`),
    );
    return ok({
      list: list.map(articleOut),
      total: Number(count?.n ?? 0),
      page: req.query.page,
      size: req.query.size,
    });
  });

  route(app, e.getCommonArticleDetail, async (req) => {
    const lang = req.lang;
    const [row] = rowsOf<ArticleRow>(
      await ctx.db.db.execute(sql`SELECT b.id, b.slug, b.type, b.language, b.title, b.summary, b.cover, b.content, b.published_at
          FROM articles a JOIN articles b ON b.slug = a.slug
          WHERE a.id = ${req.query.id} AND b.published_at <= ${ctx.clock()}
          ORDER BY (b.language = ${lang}) DESC, (b.language = ${DEFAULT_LANGUAGE}) DESC, (b.id = a.id) DESC LIMIT 1`),
    );
    if (!row) throw new AppError(ErrorCode.NotFound, 'id');
    return ok({ ...articleOut(row), content: row.content });
  });

  route(app, e.getCommonBanner, async (req) => {
    const list = rowsOf<{
      id: number;
      image: string;
      link: string | null;
      language: string | null;
      sort: number;
    }>(
      await ctx.db.db.execute(sql`SELECT id, image, link, language, sort FROM banners
          WHERE active AND (language IS NULL OR language = ${req.lang}) ORDER BY sort, id LIMIT 50`),
    );
    return ok({
      list: list.map((b) => ({
        id: Number(b.id),
        image: b.image,
        link: b.link,
        language: b.language,
        sort: b.sort,
      })),
    });
  });
};
