// Operator console, money: fund the FOMO pool, grant airdrop and presale allocations (one or a
// CSV with a dry run), the withdrawal queue with approve and reject, and the payments on chain that
// credited no order; the money limits (withdrawals of both coins, the income budget).
import { envelopeSchema } from '@free/protocol';
import * as api from '@free/protocol/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { runForOperator } from '../../http/operator.ts';
import { moneyLimitsOf } from '../../services/money-limits.ts';
import { getSettings } from '../../services/settings.ts';
import { commandRoute, ROLES } from './shared.ts';

export const adminMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  commandRoute(app, {
    url: '/api/admin/fomo/fund',
    roles: ROLES.money,
    command: 'fomo:fund',
    summary: 'Fund the FOMO pool with FREE; the same ref again changes nothing',
    body: api.fomoFundBody,
  });

  commandRoute(app, {
    url: '/api/admin/allocations/grant',
    roles: ROLES.money,
    command: 'allocation:grant',
    summary: 'Grant an airdrop or presale allocation to one signed-up address',
    body: api.allocationGrantBody,
  });

  app.post(
    '/api/admin/allocations/import',
    {
      config: { operatorRoles: ROLES.money },
      schema: {
        summary:
          'Grant allocations from CSV lines address,amount[,unlockAt[,endAt]]: a dry run checks every line and totals without writing; the real run grants each valid line once (command allocation:import)',
        body: api.allocationImportBody,
        response: { 200: envelopeSchema(api.allocationImportData) },
      },
    },
    async (req, reply) => {
      const r = await runForOperator(req, reply, 'allocation:import', req.body);
      return r.ok ? ok(r.result as api.AllocationImportData) : reply;
    },
  );

  app.get(
    '/api/admin/withdrawals',
    {
      config: { operatorRoles: ROLES.money },
      schema: {
        summary: 'Withdrawals, newest first, optionally of one state (command withdrawals:list)',
        querystring: api.adminWithdrawalsQuery,
        response: { 200: envelopeSchema(api.adminWithdrawalsData) },
      },
    },
    async (req, reply) => {
      const r = await runForOperator(req, reply, 'withdrawals:list', req.query);
      return r.ok ? ok({ list: r.result as never }) : reply;
    },
  );

  commandRoute(app, {
    url: '/api/admin/withdrawals/approve',
    roles: ROLES.money,
    command: 'withdrawals:approve',
    summary: 'Approve a withdrawal',
    body: api.withdrawalApproveBody,
  });

  commandRoute(app, {
    url: '/api/admin/withdrawals/reject',
    roles: ROLES.money,
    command: 'withdrawals:reject',
    summary: 'Reject a withdrawal with a reason the user sees; the amount is refunded once',
    body: api.withdrawalRejectBody,
  });

  app.get(
    '/api/admin/payments/unmatched',
    {
      config: { operatorRoles: ROLES.money },
      schema: {
        summary:
          'Payments on chain that credited no order (unknown order, another payer, token or receiver), newest block first (command payments:unmatched)',
        querystring: api.unmatchedPaymentsQuery,
        response: { 200: envelopeSchema(api.unmatchedPaymentsData) },
      },
    },
    async (req, reply) => {
      const r = await runForOperator(req, reply, 'payments:unmatched', req.query);
      return r.ok ? ok(r.result as api.UnmatchedPaymentsData) : reply;
    },
  );

  app.get(
    '/api/admin/limits',
    {
      config: { operatorRoles: ROLES.money },
      schema: {
        summary:
          'The money limits in token units: withdrawal minimum, maximum, daily caps per user and platform, review threshold (USDT and FREE), settlement income budget; null = no limit',
        response: { 200: envelopeSchema(api.moneyLimitsData) },
      },
    },
    async () => ok({ list: moneyLimitsOf(await getSettings(ctx.db.db)) }),
  );

  commandRoute(app, {
    url: '/api/admin/limits',
    roles: ROLES.money,
    command: 'limit:set',
    summary:
      'Set one money limit: a positive amount in token units, or null for no limit where the limit allows it (validated by the settings registry)',
    body: api.moneyLimitSetBody,
  });
};
