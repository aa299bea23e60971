// Prediction round routes (AI trade): current round, history, bet, my bets.
import { endpoints as e } from '@free/protocol/api/endpoints';
import type * as api from '@free/protocol/api/rounds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { answer } from '../../http/answer.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { amt, iso } from '../../lib/format.ts';
import { currentRound, myBets, placeBet, type RoundBet, roundHistory } from '../../services/rounds.ts';
import { guard } from './shared.ts';

/** A bet as the API answers it. */
export const toRoundBetView = (b: RoundBet): z.infer<typeof api.roundBet> => ({
  id: b.id,
  roundId: b.roundId,
  issue: b.issue,
  side: b.side,
  amount: amt(b.amount),
  price: amt(b.price),
  state: b.state,
  payout: amt(b.payout),
  createdAt: iso(b.createdAt),
});

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
  route(app, e.getCommonRoundCurrent, async () => ok(await currentRound(ctx.db.db, ctx.clock())));
  route(app, e.getCommonRoundHistory, async (req) =>
    ok(await roundHistory(ctx.db.db, ctx.clock(), req.query.page, req.query.size)),
  );
};
