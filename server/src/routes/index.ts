// The route table: every route module, public or signed-in, in registration order. One module per
// domain; app.ts registers the two lists. Each route comes from its entry of protocol's endpoint map
// (@free/protocol/api/endpoints), whose scope must be the list's (http/route.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorScope } from '../http/operator.ts';
import { adminConsoleRoutes } from './admin/console.ts';
import { adminContentRoutes } from './admin/content.ts';
import { adminMoneyRoutes } from './admin/money.ts';
import { adminProductRoutes } from './admin/product.ts';
import { adminUserRoutes } from './admin/users.ts';
import { commonRoutes } from './common/index.ts';
import { healthRoutes } from './health.ts';
import { liabilitiesPublicRoutes, liabilitiesUserRoutes } from './liabilities/index.ts';
import { airdropRoutes } from './product/airdrop.ts';
import { cardsUserRoutes } from './product/cards.ts';
import { fomoRoutes } from './product/fomo.ts';
import { hashrateRoutes } from './product/hashrate.ts';
import { hlbUserRoutes } from './product/hlb.ts';
import { ignitionRoutes } from './product/ignition.ts';
import { machinesPublicRoutes, machinesUserRoutes } from './product/machines.ts';
import { poolPublicRoutes, poolUserRoutes } from './product/pool.ts';
import { quotesPublicRoutes } from './product/quotes.ts';
import { roundsPublicRoutes, roundsUserRoutes } from './product/rounds.ts';
import { shopPublicRoutes, shopUserRoutes } from './product/shop.ts';
import { stakingRoutes } from './product/staking.ts';
import { streamRoutes, streamTicketRoutes } from './stream.ts';
import { userRoutes } from './user/index.ts';
import { teamRoutes } from './user/team.ts';
import { walletRoutes } from './user/wallet.ts';

/** Routes anyone may call (sign-in, config, content, public module figures). */
export const publicRoutes: readonly FastifyPluginAsyncZod[] = [
  healthRoutes,
  commonRoutes,
  liabilitiesPublicRoutes,
  fomoRoutes,
  poolPublicRoutes,
  roundsPublicRoutes,
  machinesPublicRoutes,
  shopPublicRoutes,
  quotesPublicRoutes,
  streamRoutes,
];

/**
 * Operator console routes (`/api/admin/…`): registered inside http/operator.ts's scope, which
 * refuses every request whose signed-in address lacks one of the roles of the route's entry.
 */
export const operatorRoutes: readonly FastifyPluginAsyncZod[] = [
  adminConsoleRoutes,
  adminMoneyRoutes,
  adminProductRoutes,
  adminContentRoutes,
  adminUserRoutes,
];

/** Routes that need a signed-in user: registered inside http/auth.ts's `signedIn` plugin. */
export const signedInRoutes: readonly FastifyPluginAsyncZod[] = [
  userRoutes,
  walletRoutes,
  teamRoutes,
  stakingRoutes,
  ignitionRoutes,
  hashrateRoutes,
  airdropRoutes,
  poolUserRoutes,
  roundsUserRoutes,
  hlbUserRoutes,
  machinesUserRoutes,
  shopUserRoutes,
  cardsUserRoutes,
  liabilitiesUserRoutes,
  streamTicketRoutes,
  operatorScope(operatorRoutes),
];
