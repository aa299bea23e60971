// FOMO pool (public): balance, countdown, last participants, and whether earnings are distributed.
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { amt, checksum, iso, isoOrNull } from '../../lib/format.ts';
import { FOMO_HOLD_REASON, fomoView } from '../../services/fomo.ts';

export const fomoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(app, e.getCommonFomo, async () => {
    const v = await fomoView(ctx.db.db, ctx.clock());
    return ok({
      balance: amt(v.balance),
      floor: amt(v.floor),
      unlockTime: isoOrNull(v.unlockAt),
      countdownMs: v.countdownMs,
      distributing: v.distributing,
      holdReason: v.holdReason === FOMO_HOLD_REASON ? FOMO_HOLD_REASON : null,
      lastHoldDay: v.lastHoldDay,
      participants: v.participants.map((p) => ({
        address: checksum(p.address),
        amount: amt(p.amount),
        time: iso(p.time),
      })),
    });
  });
};
