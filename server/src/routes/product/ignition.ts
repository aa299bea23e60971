// Ignition and burns: ignition state with the latest burn records, ignite, burn records.
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { listBurnRecords } from '../../services/burn.ts';
import { ignite, ignitionState } from '../../services/ignition.ts';
import { toBurnRecordsView, toIgniteView, toIgnitionStateView } from '../../views/ignition.ts';

export const ignitionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const db = ctx.db.db;

  route(app, e.getUserFire, async (req) =>
    ok(toIgnitionStateView(await ignitionState(db, currentUser(req)))),
  );

  route(app, e.postUserFireIgnite, async (req, reply) => {
    const cmd = ignite.command({
      userId: currentUser(req).id,
      idempotencyKey: req.headers['idempotency-key'],
      now: ctx.clock(),
    });
    return answer(reply, ctx.db, cmd, toIgniteView);
  });

  route(app, e.getUserBurnRecords, async (req) => {
    const r = await listBurnRecords(db, currentUser(req).id, req.query.page, req.query.size);
    return ok(toBurnRecordsView(r, req.query));
  });
};
