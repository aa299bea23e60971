// Operator console, users: look up an address — balances, team figures, orders of every kind,
// ledger entries (paged) and sessions (revocable).
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { AppError, ErrorCode } from '../../lib/errors.ts';
import { userByAddress, userLookup } from '../../services/admin-users.ts';
import { listSessions } from '../../services/auth.ts';
import { entriesOf } from '../../services/ledger.ts';
import { toUserLookupView, toUserSessionView } from '../../views/admin-users.ts';
import { toFinancePageView } from '../../views/finance.ts';
import { commandRoute } from './shared.ts';

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const db = ctx.db.db;

  const find = async (address: string) => {
    const u = await userByAddress(db, address);
    if (!u) throw new AppError(ErrorCode.NotFound, 'address');
    return u;
  };

  route(app, e.getAdminUsersLookup, async (req) => {
    const u = await find(req.query.address);
    const now = ctx.clock();
    return ok(toUserLookupView(await userLookup(db, u, req.lang, now), ctx.config, now));
  });

  route(app, e.getAdminUsersLedger, async (req) => {
    const u = await find(req.query.address);
    const q = req.query;
    const cursor = q.cursor === undefined ? undefined : Number(q.cursor);
    return ok(
      toFinancePageView(await entriesOf(db, u.id, { kind: q.kind, asset: q.asset }, q.page, q.size, cursor)),
    );
  });

  route(app, e.getAdminUsersSessions, async (req) => {
    const u = await find(req.query.address);
    // no session of the operator's is the user's: none is marked current
    const list = await listSessions(db, u.id, null, ctx.clock(), ctx.config.sessionIdleMs);
    return ok({ list: list.map(toUserSessionView) });
  });

  commandRoute(app, e.postAdminUsersSessionsRevoke);
};
