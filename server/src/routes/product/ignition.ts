// Ignition and burns: ignition state with the latest burn records, ignite, burn records.
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { amt, iso, isoOrNull } from '../../lib/format.ts';
import { type BurnRecord, listBurnRecords } from '../../services/burn.ts';
import { ignite } from '../../services/ignition.ts';
import { getUserBalances } from '../../services/ledger.ts';
import { getSettings, isModuleOpen, wei } from '../../services/settings.ts';

const burnOut = (b: BurnRecord) => ({
  ...b,
  quantity: amt(b.quantity),
  usdt: amt(b.usdt),
  time: iso(b.time),
});

export const ignitionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const db = ctx.db.db;

  route(app, e.getUserFire, async (req) => {
    const me = currentUser(req);
    const s = await getSettings(db);
    const b = await getUserBalances(db, me.id);
    const burns = await listBurnRecords(db, me.id, 1, 20);
    return ok({
      ignited: me.ignited,
      ignitedAt: isoOrNull(me.ignitedAt),
      requiredFree: amt(wei(s.ignition_free_wei)),
      walletFree: amt(b.wallet.FREE),
      open: isModuleOpen(s, 'ignition'),
      burnedTotal: amt(burns.totalFree),
      records: burns.list.map(burnOut),
    });
  });

  route(app, e.postUserFireIgnite, async (req) => {
    const r = await ignite(ctx.db, { userId: currentUser(req).id, now: ctx.clock() });
    return {
      code: 200,
      msg: 'Ignition Successful',
      data: { ...r, ignitedAt: iso(r.ignitedAt), burned: amt(r.burned) },
    };
  });

  route(app, e.getUserBurnRecords, async (req) => {
    const r = await listBurnRecords(db, currentUser(req).id, req.query.page, req.query.size);
    return ok({
      list: r.list.map(burnOut),
      total: r.total,
      page: req.query.page,
      size: req.query.size,
      totalFree: amt(r.totalFree),
    });
  });
};
