// Mining machine routes: catalogue, detail, buy, my machines (with the hashrate they grant).
import { endpoints as e } from '@free/protocol/api/endpoints';
import type * as api from '@free/protocol/api/machines';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { amt, iso } from '../../lib/format.ts';
import {
  buyMachine,
  listMachines,
  type MachineOrder,
  machineDetail,
  myMachines,
} from '../../services/machines.ts';
import { guard } from './shared.ts';

/** A machine order as the API answers it: active until its end. */
export const toMachineOrderView = (o: MachineOrder, now: Date): z.infer<typeof api.machineOrder> => ({
  id: o.id,
  machineId: o.machineId,
  name: o.name,
  asset: o.asset,
  price: amt(o.price),
  hashrate: o.hashrate.toString(),
  startsAt: iso(o.startsAt),
  endsAt: iso(o.endsAt),
  state: now.getTime() < o.endsAt.getTime() ? 'active' : 'expired',
});

export const machinesUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(
    app,
    e.postUserMachineBuy,
    async (req, reply) => {
      const now = ctx.clock();
      return answer(
        reply,
        ctx.db,
        buyMachine.command({
          userId: currentUser(req).id,
          machineId: req.body.id,
          idempotencyKey: req.headers['idempotency-key'],
          now,
          lang: req.lang,
        }),
        (o) => toMachineOrderView(o, now),
      );
    },
    { preValidation: guard(ctx, 'machines') },
  );
  route(app, e.getUserMachines, async (req) => {
    const now = ctx.clock();
    const r = await myMachines(ctx.db.db, currentUser(req).id, now, req.lang, req.query.page, req.query.size);
    return ok({ ...r, hashrate: amt(r.hashrate), list: r.list.map((o) => toMachineOrderView(o, now)) });
  });
};

export const machinesPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(app, e.getCommonMachines, async (req) => ok({ list: await listMachines(ctx.db.db, req.lang) }));
  route(app, e.getCommonMachineDetail, async (req) =>
    ok(await machineDetail(ctx.db.db, req.query.id, req.lang)),
  );
};
