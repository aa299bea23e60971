// Operator console, money: fund the FOMO pool, grant airdrop and presale allocations (one or a
// CSV with a dry run), the withdrawal queue with approve and reject, and the payments on chain that
// credited no order; the money limits (withdrawals of both coins, the income budget).
import type * as api from '@free/protocol/api/admin';
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { runForOperator } from '../../http/operator.ts';
import { route } from '../../http/route.ts';
import { moneyLimitsOf } from '../../services/money-limits.ts';
import { getSettings } from '../../services/settings.ts';
import { toMoneyLimitView } from '../../views/admin-money.ts';
import { commandRoute } from './shared.ts';

export const adminMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  commandRoute(app, e.postAdminFomoFund);

  commandRoute(app, e.postAdminAllocationsGrant);

  route(app, e.postAdminAllocationsImport, async (req, reply) => {
    const r = await runForOperator(req, reply, 'allocation:import', req.body);
    return r.ok ? ok(r.result as api.AllocationImportData) : reply;
  });

  route(app, e.getAdminWithdrawals, async (req, reply) => {
    const r = await runForOperator(req, reply, 'withdrawals:list', req.query);
    return r.ok ? ok({ list: r.result as never }) : reply;
  });

  commandRoute(app, e.postAdminWithdrawalsApprove);

  commandRoute(app, e.postAdminWithdrawalsReject);

  route(app, e.getAdminPaymentsUnmatched, async (req, reply) => {
    const r = await runForOperator(req, reply, 'payments:unmatched', req.query);
    return r.ok ? ok(r.result as api.UnmatchedPaymentsData) : reply;
  });

  route(app, e.getAdminLimits, async () =>
    ok({ list: moneyLimitsOf(await getSettings(ctx.db.db)).map(toMoneyLimitView) }),
  );

  commandRoute(app, e.postAdminLimits);
};
