// Prediction round routes (AI trade): current round, history, bet, my bets.
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { currentRound, myBets, placeBet, roundHistory } from '../../services/rounds.ts';
import { toRoundBetView, toRoundView } from '../../views/rounds.ts';
import { guard } from './shared.ts';

export const roundsUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(
    app,
    e.postUserRoundBet,
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
        toRoundBetView,
      ),
    { preValidation: guard(ctx, 'ai_trade') },
  );
  route(app, e.getUserRoundBets, async (req) => {
    const r = await myBets(ctx.db.db, currentUser(req).id, req.query.page, req.query.size);
    return ok({ ...r, list: r.list.map(toRoundBetView) });
  });
};

export const roundsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(app, e.getCommonRoundCurrent, async () => {
    const now = ctx.clock();
    const r = await currentRound(ctx.db.db, now);
    return ok(r && toRoundView(r, now));
  });
  route(app, e.getCommonRoundHistory, async (req) => {
    const now = ctx.clock();
    const r = await roundHistory(ctx.db.db, req.query.page, req.query.size);
    return ok({ ...r, list: r.list.map((round) => toRoundView(round, now)) });
  });
};
