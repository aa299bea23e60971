// Airdrop and presale: allocation figures, unlock details, quota, and buying a presale allocation.
import { envelopeSchema } from '@free/protocol';
import * as api from '@free/protocol/api/airdrop';
import { idempotencyHeaders } from '@free/protocol/api/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { amt, iso, isoOrNull } from '../../lib/format.ts';
import { airdropView, listUnlocks, quotaOf } from '../../services/airdrop.ts';
import { buyPresale, presaleInfo } from '../../services/presale.ts';
import { guard } from './shared.ts';

export const airdropRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const db = ctx.db.db;

  app.get(
    '/api/user/airdrop',
    {
      schema: {
        tags: ['airdrop'],
        summary: 'Airdrop (or presale): total allocation, personal, yesterday, today, unlock and end time',
        querystring: api.airdropQuery,
        response: { 200: envelopeSchema(api.airdropData) },
      },
    },
    async (req) => {
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
    },
  );

  app.get(
    '/api/user/airdrop/unlocks',
    {
      schema: {
        tags: ['airdrop'],
        summary: 'Unlock details: every release of my allocations',
        querystring: api.unlocksQuery,
        response: { 200: envelopeSchema(api.unlocksData) },
      },
    },
    async (req) => {
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
    },
  );

  app.get(
    '/api/user/quota',
    {
      schema: {
        tags: ['airdrop'],
        summary: 'Quota: total, reserved (locked), deducted (released), payment amount, presale, airdrop',
        response: { 200: envelopeSchema(api.quotaData) },
      },
    },
    async (req) => {
      const q = await quotaOf(db, currentUser(req).id);
      return ok({
        total: amt(q.total),
        reserved: amt(q.reserved),
        deducted: amt(q.deducted),
        paymentAmount: amt(q.paymentAmount),
        presale: amt(q.presale),
        airdrop: amt(q.airdrop),
      });
    },
  );

  app.get(
    '/api/user/presale',
    {
      schema: {
        tags: ['airdrop'],
        summary: 'Presale terms: price, quota sold and left, personal limit and holding, unlock schedule',
        response: { 200: envelopeSchema(api.presaleInfo) },
      },
    },
    async (req) => ok(await presaleInfo(db, currentUser(req).id)),
  );

  app.post(
    '/api/user/presale/buy',
    {
      preValidation: guard(ctx, 'presale'),
      schema: {
        tags: ['airdrop'],
        summary:
          'Buy a presale FREE allocation with USDT from the wallet balance (at the price, within the quota and the personal limit); it unlocks linearly',
        headers: idempotencyHeaders,
        body: api.presaleBuyBody,
        response: { 200: envelopeSchema(api.presaleBuyData) },
      },
    },
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
      ),
  );
};
