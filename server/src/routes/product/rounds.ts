// Prediction round routes (AI trade): current round, history, bet, my bets.
import { envelopeSchema } from '@free/protocol';
import * as api from '@free/protocol/api/rounds';
import { idempotencyHeaders } from '@free/protocol/api/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { currentRound, myBets, placeBet, roundHistory } from '../../services/rounds.ts';
import { guard } from './shared.ts';

export const roundsUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/api/user/round/bet',
    {
      preValidation: guard(ctx, 'ai_trade'),
      schema: {
        tags: ['rounds'],
        summary: 'Buy up or down in the open round with the USDT balance (locked at the open price)',
        headers: idempotencyHeaders,
        body: api.roundBetBody,
        response: { 200: envelopeSchema(api.roundBet) },
      },
    },
    async (req, reply) =>
      answer(
        reply,
        ctx.db,
        placeBet.command({
          userId: currentUser(req).id,
          side: req.body.side,
          amount: req.body.amount,
          idempotencyKey: req.headers['idempotency-key'],
          now: ctx.clock(),
        }),
      ),
  );
  app.get(
    '/api/user/round/bets',
    {
      schema: {
        tags: ['rounds'],
        summary: 'My bets with their outcome',
        querystring: api.roundBetsQuery,
        response: { 200: envelopeSchema(api.roundBetsData) },
      },
    },
    async (req) => ok(await myBets(ctx.db.db, currentUser(req).id, req.query.page, req.query.size)),
  );
};

export const roundsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/api/common/round/current',
    {
      schema: {
        tags: ['rounds'],
        summary: 'The round taking bets (or the latest one); null before the first round',
        response: { 200: envelopeSchema(api.roundCurrentData) },
      },
    },
    async () => ok(await currentRound(ctx.db.db, ctx.clock())),
  );
  app.get(
    '/api/common/round/history',
    {
      schema: {
        tags: ['rounds'],
        summary: 'Delivered (settled or refunded) rounds, newest first',
        querystring: api.roundHistoryQuery,
        response: { 200: envelopeSchema(api.roundHistoryData) },
      },
    },
    async (req) => ok(await roundHistory(ctx.db.db, ctx.clock(), req.query.page, req.query.size)),
  );
};
