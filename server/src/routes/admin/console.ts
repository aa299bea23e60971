// Operator console: who am I, the dashboard, and the audit log (ops_log).
import { envelopeSchema } from '@free/protocol';
import * as api from '@free/protocol/api/admin';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsLog } from '../../db/schema/index.ts';
import { ok } from '../../http/envelope.ts';
import { operatorAddress, operatorRoleOf } from '../../http/operator.ts';
import { AppError, ErrorCode } from '../../lib/errors.ts';
import { iso } from '../../lib/format.ts';
import { dashboard } from '../../services/admin-dashboard.ts';
import { ROLES } from './shared.ts';

export const adminConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/admin/me',
    {
      config: { operatorRoles: ROLES.any },
      schema: {
        summary: 'The signed-in operator and their role (a normal user gets NotOperator)',
        response: { 200: envelopeSchema(api.adminMeData) },
      },
    },
    async (req) => {
      const address = operatorAddress(req);
      const role = operatorRoleOf(ctx.config, address);
      if (!role) throw new AppError(ErrorCode.NotOperator);
      return ok({ address, role });
    },
  );

  app.get(
    '/api/admin/dashboard',
    {
      config: { operatorRoles: ROLES.money },
      schema: {
        summary:
          'Staking reserve, FOMO pool vs floor, hot wallet, treasury, liabilities, reconciliation, indexer lag, payouts, settlement, modules',
        response: { 200: envelopeSchema(api.dashboardData) },
      },
    },
    async () =>
      ok(
        await dashboard(ctx.db.db, ctx.config, ctx.chain.publicClient ?? null, ctx.chain.guard, ctx.clock()),
      ),
  );

  app.get(
    '/api/admin/audit',
    {
      config: { operatorRoles: ROLES.audit },
      schema: {
        summary: 'The operator log (CLI and console), newest first, filterable by actor and command',
        querystring: api.auditQuery,
        response: { 200: envelopeSchema(api.auditData) },
      },
    },
    async (req) => {
      const { actor, command, page, size } = req.query;
      const where = and(
        actor ? sql`lower(${opsLog.actor}) = ${actor.toLowerCase()}` : undefined,
        command ? eq(opsLog.command, command) : undefined,
      );
      const rows = await ctx.db.db
        .select()
        .from(opsLog)
        .where(where)
        .orderBy(desc(opsLog.id))
        .limit(size)
        .offset((page - 1) * size);
      const [total] = await ctx.db.db.select({ n: count() }).from(opsLog).where(where);
      return ok({
        list: rows.map((r) => ({
          id: r.id,
          time: iso(r.createdAt),
          actor: r.actor,
          shellUser: r.shellUser,
          command: r.command,
          args: r.args,
          ok: r.ok,
          result: r.result,
          error: r.error,
        })),
        total: Number(total?.n ?? 0),
        page,
        size,
      });
    },
  );
};
