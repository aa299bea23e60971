// Pieces shared by the product route files: the module switch guard and FREE's price source.
import type { ModuleKey } from '@free/protocol/modules';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { dexAddresses, makeChainClient } from '../../chain/client.ts';
import type { AppContext } from '../../http/context.ts';
import { sendFailure } from '../../http/envelope.ts';
import { AppError, ErrorCode } from '../../lib/errors.ts';
import { dexFreePrice, type PriceSource } from '../../services/quotes.ts';
import { getSettings, isModuleOpen } from '../../services/settings.ts';

/**
 * preValidation hook: a module that is not open answers ModuleClosed before its body is even
 * looked at (the services check again inside, so no path skips the switch).
 */
export const guard =
  (ctx: AppContext, key: ModuleKey) => async (_req: FastifyRequest, reply: FastifyReply) => {
    const s = await getSettings(ctx.db.db);
    if (!isModuleOpen(s, key)) return sendFailure(reply, ErrorCode.ModuleClosed, key);
  };

/** FREE's price in USDT (1e18): the injected source, else the deployment's pair, else ChainUnavailable. */
export function freePriceOf(ctx: AppContext): PriceSource {
  if (ctx.chain.freePrice) return ctx.chain.freePrice;
  const dex = dexAddresses(ctx.config);
  if (!dex) {
    return async () => {
      throw new AppError(ErrorCode.ChainUnavailable, undefined, 'no deployment');
    };
  }
  return dexFreePrice(ctx.chain.publicClient ?? makeChainClient(ctx.config), dex);
}
