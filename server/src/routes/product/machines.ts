// Mining machine routes: catalogue, detail, buy, my machines (with the hashrate they grant).
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { buyMachine, listMachines, machineDetail, myMachines } from '../../services/machines.ts';
import { toMachineOrderView, toMachineView, toMyMachinesView } from '../../views/machines.ts';
import { guard } from './shared.ts';

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
    return ok(toMyMachinesView(r, now));
  });
};

export const machinesPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(app, e.getCommonMachines, async (req) =>
    ok({ list: (await listMachines(ctx.db.db, req.lang)).map(toMachineView) }),
  );
  route(app, e.getCommonMachineDetail, async (req) => {
    const m = await machineDetail(ctx.db.db, req.query.id, req.lang);
    return ok(m && toMachineView(m));
  });
};
