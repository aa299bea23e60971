// The product-money routes (staking orders, ignition and burns, hashrate, airdrop and quota,
// FOMO): `moneyPublicRoutes` needs no sign-in; `moneyUserRoutes` belongs inside app.ts's
// signed-in scope (req.user set).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { airdropRoutes } from './airdrop.ts';
import { fireRoutes } from './fire.ts';
import { fomoRoutes } from './fomo.ts';
import { hashrateRoutes } from './hashrate.ts';
import { stakingRoutes } from './staking.ts';

export const moneyPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fomoRoutes);
};

export const moneyUserRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(stakingRoutes);
  await app.register(fireRoutes);
  await app.register(hashrateRoutes);
  await app.register(airdropRoutes);
};
