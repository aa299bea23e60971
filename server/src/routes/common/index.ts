// Public endpoints: sign-in (nonce, login), config, articles, banners.

import { parseHex } from '@free/protocol/address';
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { AppError, ErrorCode } from '../../lib/errors.ts';
import { issueNonce, login } from '../../services/auth.ts';
import { articleById, articlePage, bannersFor } from '../../services/content.ts';
import { getSettings } from '../../services/settings.ts';
import { toConfigView, toDeploymentView, toLoginView, toNonceView } from '../../views/common.ts';
import { toArticleDetailView, toArticleItemView, toBannerView } from '../../views/content.ts';

export const commonRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // The part of the public config fixed for the life of the process (chain and deployment);
  // the settings part is read per request so that an operator's change shows at once.
  const deploymentPart = toDeploymentView(ctx.config.chainId, ctx.config.deployment);

  route(app, e.getCommonNonce, async (req) => {
    const { nonce, expiresAt } = await issueNonce(ctx.db.db, req.query.address, ctx.clock());
    return ok(toNonceView({ nonce, address: req.query.address, chainId: ctx.config.chainId, expiresAt }));
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
    return ok(toLoginView(r));
  });

  route(app, e.getCommonConfig, async () => ok(toConfigView(await getSettings(ctx.db.db), deploymentPart)));

  route(app, e.getCommonArticleList, async (req) => {
    const { page, size, type } = req.query;
    const r = await articlePage(ctx.db.db, { lang: req.lang, type, page, size, now: ctx.clock() });
    return ok({ list: r.list.map(toArticleItemView), total: r.total, page, size });
  });

  route(app, e.getCommonArticleDetail, async (req) => {
    const a = await articleById(ctx.db.db, req.query.id, req.lang, ctx.clock());
    if (!a) throw new AppError(ErrorCode.NotFound, 'id');
    return ok(toArticleDetailView(a));
  });

  route(app, e.getCommonBanner, async (req) =>
    ok({ list: (await bannersFor(ctx.db.db, req.lang)).map(toBannerView) }),
  );
};
