// Mining machine routes: catalogue, detail, buy, my machines (with the hashrate they grant).
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { buyMachine, listMachines, machineDetail, myMachines } from '../../services/machines.ts';
import { guard } from './shared.ts';

export const machinesUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(
    app,
    e.postUserMachineBuy,
    async (req, reply) =>
      answer(
        reply,
        ctx.db,
        buyMachine.command({
          userId: currentUser(req).id,
          machineId: req.body.id,
          idempotencyKey: req.headers['idempotency-key'],
          now: ctx.clock(),
          lang: req.lang,
        }),
      ),
    { preValidation: guard(ctx, 'machines') },
  );
  route(app, e.getUserMachines, async (req) =>
    ok(
      await myMachines(ctx.db.db, currentUser(req).id, ctx.clock(), req.lang, req.query.page, req.query.size),
    ),
  );
};

export const machinesPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(app, e.getCommonMachines, async (req) => ok({ list: await listMachines(ctx.db.db, req.lang) }));
  route(app, e.getCommonMachineDetail, async (req) =>
    ok(await machineDetail(ctx.db.db, req.query.id, req.lang)),
  );
};
