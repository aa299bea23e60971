// Operator console: who am I, the dashboard, and the audit log (ops_log).
import { endpoints as e } from '@free/protocol/api/endpoints';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsLog } from '../../db/schema/index.ts';
import { ok } from '../../http/envelope.ts';
import { operatorAddress, operatorRoleOf } from '../../http/operator.ts';
import { route } from '../../http/route.ts';
import { AppError, ErrorCode } from '../../lib/errors.ts';
import { iso } from '../../lib/format.ts';
import { dashboard } from '../../services/admin-dashboard.ts';
import { toDashboardView } from '../../views/admin-dashboard.ts';

export const adminConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(app, e.getAdminMe, async (req) => {
    const address = operatorAddress(req);
    const role = operatorRoleOf(ctx.config, address);
    if (!role) throw new AppError(ErrorCode.NotOperator);
    return ok({ address, role });
  });

  route(app, e.getAdminDashboard, async () =>
    ok(
      toDashboardView(
        await dashboard(ctx.db.db, ctx.config, ctx.chain.publicClient ?? null, ctx.chain.guard, ctx.clock()),
      ),
    ),
  );

  route(app, e.getAdminAudit, async (req) => {
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
  });
};
