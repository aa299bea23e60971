import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { airdropView, listUnlocks, quotaOf } from '../../services/airdrop.ts';
import { buyPresale, presaleInfo } from '../../services/presale.ts';
import { toAirdropView, toQuotaView, toUnlocksView } from '../../views/airdrop.ts';
import { toPresaleBoughtView, toPresaleInfoView } from '../../views/presale.ts';
import { guard } from './shared.ts';

export const airdropRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const db = ctx.db.db;

  route(app, e.getUserAirdrop, async (req) => {
    const now = ctx.clock();
    return ok(
      toAirdropView(await airdropView(db, currentUser(req).id, req.query.kind, now), req.query.kind, now),
    );
  });

  route(app, e.getUserAirdropUnlocks, async (req) => {
    const r = await listUnlocks(db, currentUser(req).id, req.query.page, req.query.size, req.query.kind);
    return ok(toUnlocksView(r, req.query));
  });

  route(app, e.getUserQuota, async (req) => ok(toQuotaView(await quotaOf(db, currentUser(req).id))));

  route(app, e.getUserPresale, async (req) =>
    ok(toPresaleInfoView(await presaleInfo(db, currentUser(req).id))),
  );

  route(
    app,
    e.postUserPresaleBuy,
    async (req, reply) =>
      answer(
        reply,
        ctx.db,
        buyPresale.command({
          userId: currentUser(req).id,
          amount: req.body.amount,
          idempotencyKey: req.headers['idempotency-key'],
          now: ctx.clock(),
        }),
        toPresaleBoughtView,
      ),
    { preValidation: guard(ctx, 'presale') },
  );
};
