// Pieces shared by the product route files: the module switch guard and the route options.
import type { ModuleKey } from '@free/protocol/modules';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AppContext, sendFailure } from '../../app.ts';
import { ErrorCode } from '../../lib/errors.ts';
import type { PriceSource } from '../../services/quotes.ts';
import { getSettings } from '../../services/settings.ts';

export const security = [{ bearer: [] }];

export type ProductRouteOptions = {
  /** FREE price in USDT (1e18): the DEX pair by default; tests inject one */
  price: PriceSource;
};

/**
 * preValidation hook: a module that is not open answers ModuleClosed before its body is even
 * looked at (the services check again inside, so no path skips the switch).
 */
export const guard =
  (ctx: AppContext, key: ModuleKey) => async (_req: FastifyRequest, reply: FastifyReply) => {
    const s = await getSettings(ctx.db.db);
    if (s.modules[key] !== true) return sendFailure(reply, ErrorCode.ModuleClosed, key);
  };
