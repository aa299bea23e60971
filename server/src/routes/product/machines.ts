// Mining machine routes: catalogue, detail, buy, my machines (with the hashrate they grant).
import { envelopeSchema } from '@free/protocol';
import * as api from '@free/protocol/api/machines';
import { idempotencyHeaders } from '@free/protocol/api/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { buyMachine, listMachines, machineDetail, myMachines } from '../../services/machines.ts';
import { guard } from './shared.ts';

export const machinesUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/api/user/machine/buy',
    {
      preValidation: guard(ctx, 'machines'),
      schema: {
        tags: ['machines'],
        summary: 'Buy a machine with the wallet balance; grants its hashrate for its days',
        headers: idempotencyHeaders,
        body: api.machineBuyBody,
        response: { 200: envelopeSchema(api.machineOrder) },
      },
    },
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
  );
  app.get(
    '/api/user/machines',
    {
      schema: {
        tags: ['machines'],
        summary: 'My machines and my current machine hashrate',
        querystring: api.myMachinesQuery,
        response: { 200: envelopeSchema(api.myMachinesData) },
      },
    },
    async (req) =>
      ok(
        await myMachines(
          ctx.db.db,
          currentUser(req).id,
          ctx.clock(),
          req.lang,
          req.query.page,
          req.query.size,
        ),
      ),
  );
};

export const machinesPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/api/common/machines',
    {
      schema: {
        tags: ['machines'],
        summary: 'Machine catalogue in the caller language',
        response: { 200: envelopeSchema(api.machinesData) },
      },
    },
    async (req) => ok({ list: await listMachines(ctx.db.db, req.lang) }),
  );
  app.get(
    '/api/common/machine/detail',
    {
      schema: {
        tags: ['machines'],
        summary: 'One machine',
        querystring: api.machineDetailQuery,
        response: { 200: envelopeSchema(api.machine) },
      },
    },
    async (req) => ok(await machineDetail(ctx.db.db, req.query.id, req.lang)),
  );
};
