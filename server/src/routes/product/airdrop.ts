import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { amt, iso, isoOrNull } from '../../lib/format.ts';
import { airdropView, listUnlocks, quotaOf } from '../../services/airdrop.ts';
import { buyPresale, presaleInfo } from '../../services/presale.ts';
import { toPresaleBoughtView, toPresaleInfoView } from '../../views/presale.ts';
import { guard } from './shared.ts';

export const airdropRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const db = ctx.db.db;

  route(app, e.getUserAirdrop, async (req) => {
    const now = ctx.clock();
    const v = await airdropView(db, currentUser(req).id, req.query.kind, now);
    const left = v.endAt ? v.endAt.getTime() - now.getTime() : 0;
    return ok({
      kind: req.query.kind,
      totalAllocation: amt(v.totalAllocation),
      personal: amt(v.personal),
      released: amt(v.released),
      yesterday: amt(v.yesterday),
      today: amt(v.today),
      unlockTime: isoOrNull(v.unlockAt),
      endTime: isoOrNull(v.endAt),
      countdownMs: Math.max(0, left),
      ended: v.endAt !== null && left <= 0,
    });
  });

  route(app, e.getUserAirdropUnlocks, async (req) => {
    const r = await listUnlocks(db, currentUser(req).id, req.query.page, req.query.size, req.query.kind);
    return ok({
      list: r.list.map((u) => ({
        allocationId: u.allocationId,
        kind: u.kind as 'airdrop' | 'presale',
        day: u.day,
        amount: amt(u.amount),
        time: iso(u.time),
      })),
      total: r.total,
      page: req.query.page,
      size: req.query.size,
    });
  });

  route(app, e.getUserQuota, async (req) => {
    const q = await quotaOf(db, currentUser(req).id);
    return ok({
      total: amt(q.total),
      reserved: amt(q.reserved),
      deducted: amt(q.deducted),
      paymentAmount: amt(q.paymentAmount),
      presale: amt(q.presale),
      airdrop: amt(q.airdrop),
    });
  });

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
