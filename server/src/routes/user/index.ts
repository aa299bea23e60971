// Signed-in endpoints about the user (the signed-in scope of http/auth.ts has set req.user).
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { listSessions, revokeSession, revokeUserSessions } from '../../services/auth.ts';
import { incomeInfo } from '../../services/income.ts';
import { entriesOf } from '../../services/ledger.ts';
import { contributionsOf } from '../../services/pool.ts';
import { stakingLimits, userProfile } from '../../services/user.ts';
import { toFinancePageView } from '../../views/finance.ts';
import { toIncomeView } from '../../views/income.ts';
import { toContributionView } from '../../views/pool.ts';
import { toSessionView, toStakingLimitsView, toUserProfileView } from '../../views/user.ts';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const db = ctx.db.db;

  route(app, e.getUser, async (req) =>
    ok(toUserProfileView(await userProfile(db, ctx.reads, currentUser(req), ctx.clock()))),
  );

  route(app, e.postUserLogout, async (req) =>
    ok({ revoked: await revokeSession(db, req.token ?? '', ctx.clock()) }),
  );

  route(app, e.getUserSessions, async (req) => {
    const list = await listSessions(
      db,
      currentUser(req).id,
      req.token ?? '',
      ctx.clock(),
      ctx.config.sessionIdleMs,
    );
    return ok({ list: list.map(toSessionView) });
  });

  route(app, e.postUserSessionsRevoke, async (req) => {
    const target =
      'id' in req.body ? { id: req.body.id } : { others: true as const, currentToken: req.token ?? '' };
    return ok({ revoked: await revokeUserSessions(db, currentUser(req).id, target, ctx.clock()) });
  });

  route(app, e.getUserFinance, async (req) =>
    ok(
      toFinancePageView(
        await entriesOf(
          db,
          currentUser(req).id,
          { kind: req.query.kind, asset: req.query.asset },
          req.query.page,
          req.query.size,
          req.query.cursor === undefined ? undefined : Number(req.query.cursor),
        ),
      ),
    ),
  );

  route(app, e.getUserIncomeInfo, async (req) =>
    ok(toIncomeView(await incomeInfo(db, currentUser(req).id, ctx.clock()))),
  );

  route(app, e.getUserStakingLimitInfo, async (req) =>
    ok(toStakingLimitsView(await stakingLimits(db, currentUser(req).id, ctx.clock()))),
  );

  route(app, e.getUserContributeRecord, async (req) => {
    const r = await contributionsOf(db, currentUser(req).id, req.query.page, req.query.size);
    return ok({ ...r, list: r.list.map(toContributionView) });
  });
};
