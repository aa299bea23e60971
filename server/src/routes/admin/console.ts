// Operator console: who am I, the dashboard, and the audit log (ops_log).
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { operatorAddress, operatorRoleOf } from '../../http/operator.ts';
import { route } from '../../http/route.ts';
import { AppError, ErrorCode } from '../../lib/errors.ts';
import { dashboard } from '../../services/admin-dashboard.ts';
import { auditPage } from '../../services/audit.ts';
import { toDashboardView } from '../../views/admin-dashboard.ts';
import { toAuditView } from '../../views/audit.ts';

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
    const r = await auditPage(ctx.db.db, { actor, command, page, size });
    return ok({ list: r.list.map(toAuditView), total: r.total, page, size });
  });
};
