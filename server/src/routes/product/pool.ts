// Chain pool routes: contribute, my contributions, pool orders, public stats (pie chart).
import { envelopeSchema } from '@free/protocol';
import * as api from '@free/protocol/api/pool';
import { idempotencyHeaders } from '@free/protocol/api/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { collectPool, contribute, myContributions, poolOrdersOf, poolStats } from '../../services/pool.ts';
import { freePriceOf, guard } from './shared.ts';

export const poolUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const price = freePriceOf(ctx);
  app.post(
    '/api/user/pool/contribute',
    {
      preValidation: guard(ctx, 'chain_pool'),
      schema: {
        tags: ['pool'],
        summary:
          'Contribute USDT from the wallet balance; burn_bps of its value is burned in FREE at the DEX price',
        headers: idempotencyHeaders,
        body: api.poolContributeBody,
        response: { 200: envelopeSchema(api.poolOrder) },
      },
    },
    async (req, reply) =>
      answer(
        reply,
        ctx.db,
        contribute.command({
          userId: currentUser(req).id,
          amount: req.body.amount,
          idempotencyKey: req.headers['idempotency-key'],
          now: ctx.clock(),
          price,
        }),
      ),
  );
  app.post(
    '/api/user/pool/collect',
    {
      schema: {
        tags: ['pool'],
        summary:
          'Move the whole USDT of the mining pool balance (the pool income) to the wallet; allowed while the pool is closed',
        headers: idempotencyHeaders,
        body: api.poolCollectBody,
        response: { 200: envelopeSchema(api.poolCollectData) },
      },
    },
    async (req, reply) =>
      answer(
        reply,
        ctx.db,
        collectPool.command({
          userId: currentUser(req).id,
          idempotencyKey: req.headers['idempotency-key'],
        }),
      ),
  );
  app.get(
    '/api/user/pool/contributions',
    {
      schema: {
        tags: ['pool'],
        summary: 'My contributions, total and level',
        querystring: api.poolContributionsQuery,
        response: { 200: envelopeSchema(api.poolContributionsData) },
      },
    },
    async (req) => ok(await myContributions(ctx.db.db, currentUser(req).id, req.query.page, req.query.size)),
  );
  app.get(
    '/api/user/pool/orders',
    {
      schema: {
        tags: ['pool'],
        summary: 'My pool orders (price and FREE burned of each contribution)',
        querystring: api.poolOrdersQuery,
        response: { 200: envelopeSchema(api.poolOrdersData) },
      },
    },
    async (req) => ok(await poolOrdersOf(ctx.db.db, currentUser(req).id, req.query.page, req.query.size)),
  );
};

export const poolPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/api/common/pool/stats',
    {
      schema: {
        tags: ['pool'],
        summary: 'Pool totals and contribution classes (pie chart)',
        response: { 200: envelopeSchema(api.poolStatsData) },
      },
    },
    async () => ok(await poolStats(ctx.db.db)),
  );
};
