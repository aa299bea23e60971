// The product modules' routes as one Fastify plugin: public `/api/common/*` routes, and signed-in
// `/api/user/*` routes. Registered at the root, the user routes check the session themselves (the
// same checks as app.ts: bearer token, sign/times HMAC); registered inside the signed-in scope,
// they find req.user already set and reuse it.
import { verifyRequestSignature } from '@free/protocol/signing';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failure } from '../../app.ts';
import { makeChainClient } from '../../jobs/index.ts';
import { AppError, ErrorCode } from '../../lib/errors.ts';
import { authenticate } from '../../services/auth.ts';
import { seedProductConfig } from '../../services/modules.ts';
import { dexFreePrice, type PriceSource } from '../../services/quotes.ts';
import { cardsUserRoutes } from './cards.ts';
import { hlbUserRoutes } from './hlb.ts';
import { machinesPublicRoutes, machinesUserRoutes } from './machines.ts';
import { poolPublicRoutes, poolUserRoutes } from './pool.ts';
import { quotesPublicRoutes } from './quotes.ts';
import { roundsPublicRoutes, roundsUserRoutes } from './rounds.ts';
import { shopPublicRoutes, shopUserRoutes } from './shop.ts';

export type ProductModulesOptions = { price?: PriceSource };

const refuse = (reply: FastifyReply, code: number, field?: string) =>
  reply
    .code(200)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(failure(code, reply.request.lang ?? 'en', field)));

/** Register with `await app.register(productModules)` (options: `{ price }` to inject a price source). */
export const productModules: FastifyPluginAsyncZod<ProductModulesOptions> = async (app, opts) => {
  const { ctx } = app;
  await seedProductConfig(ctx.db.db);
  const d = ctx.config.deployment;
  const price: PriceSource =
    opts.price ??
    (d
      ? dexFreePrice(ctx.chain.publicClient ?? makeChainClient(ctx.config), {
          pair: d.pair,
          free: d.free,
          fcc: d.fcc,
          usdt: d.usdt,
          factory: d.factory,
        })
      : async () => {
          throw new AppError(ErrorCode.ChainUnavailable, undefined, 'no deployment');
        });

  await app.register(poolPublicRoutes);
  await app.register(roundsPublicRoutes);
  await app.register(machinesPublicRoutes);
  await app.register(shopPublicRoutes);
  await app.register(quotesPublicRoutes);

  const userScope: FastifyPluginAsync = async (scope) => {
    scope.addHook('onRequest', async (req, reply) => {
      if (req.user) return; // inside app.ts's signed-in scope already
      const header = req.headers.authorization;
      const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token) return refuse(reply, ErrorCode.Unauthorized);
      const check = verifyRequestSignature({
        secret: ctx.config.clientSecret,
        token,
        sign: typeof req.headers.sign === 'string' ? req.headers.sign : null,
        times: typeof req.headers.times === 'string' ? req.headers.times : null,
        now: ctx.clock().getTime(),
      });
      if (check === 'stale') return refuse(reply, ErrorCode.StaleTimestamp, 'times');
      if (check === 'bad') return refuse(reply, ErrorCode.BadSignature, 'sign');
      const user = await authenticate(ctx.db.db, token, ctx.clock());
      if (!user) return refuse(reply, ErrorCode.Unauthorized);
      req.user = user;
      req.token = token;
    });
    await scope.register(poolUserRoutes, { price });
    await scope.register(roundsUserRoutes);
    await scope.register(hlbUserRoutes);
    await scope.register(machinesUserRoutes);
    await scope.register(shopUserRoutes);
    await scope.register(cardsUserRoutes);
  };
  await app.register(userScope);
};

export default productModules;
