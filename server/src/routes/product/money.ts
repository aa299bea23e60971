// Every route of the product-money part (staking orders, ignition and burns, hashrate, airdrop and
// quota, FOMO). `publicRoutes` needs no sign-in; `userRoutes` belongs inside the signed-in scope
// of app.ts (req.user set). `moneyRoutes` registers both, for an app that wires one plugin.
import type { FastifyPluginAsync } from 'fastify';
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

export const publicRoutes = moneyPublicRoutes;
export const userRoutes = moneyUserRoutes;

/**
 * Both groups; `userScope` wraps the user group (pass the app's signed-in scope registrar).
 * Without it, the user routes are registered as they are (the caller must authenticate).
 */
export function moneyRoutes(
  userScope?: (plugin: FastifyPluginAsync) => FastifyPluginAsync,
): FastifyPluginAsync {
  return async (app) => {
    await app.register(moneyPublicRoutes);
    await app.register(userScope ? userScope(moneyUserRoutes as FastifyPluginAsync) : moneyUserRoutes);
  };
}
export default moneyUserRoutes;
