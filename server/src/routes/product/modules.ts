// The product modules' routes (chain pool, prediction rounds, Huan Li Bao, machines, shop, cards,
// quotes): public `/api/common/*` routes, and `/api/user/*` routes for app.ts's signed-in scope.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardsUserRoutes } from './cards.ts';
import { hlbUserRoutes } from './hlb.ts';
import { machinesPublicRoutes, machinesUserRoutes } from './machines.ts';
import { poolPublicRoutes, poolUserRoutes } from './pool.ts';
import { quotesPublicRoutes } from './quotes.ts';
import { roundsPublicRoutes, roundsUserRoutes } from './rounds.ts';
import type { ProductRouteOptions } from './shared.ts';
import { shopPublicRoutes, shopUserRoutes } from './shop.ts';

export const modulesPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(poolPublicRoutes);
  await app.register(roundsPublicRoutes);
  await app.register(machinesPublicRoutes);
  await app.register(shopPublicRoutes);
  await app.register(quotesPublicRoutes);
};

/** Needs req.user (app.ts's signed-in scope) and the FREE price source. */
export const modulesUserRoutes: FastifyPluginAsyncZod<ProductRouteOptions> = async (app, opts) => {
  await app.register(poolUserRoutes, { price: opts.price });
  await app.register(roundsUserRoutes);
  await app.register(hlbUserRoutes);
  await app.register(machinesUserRoutes);
  await app.register(shopUserRoutes);
  await app.register(cardsUserRoutes);
};
