// The list endpoints of the endpoint map the web reads (src/api/list.ts reads them; the key tree
// keys them by path). Apart from list.ts so that keys.ts can name a list's path without an import cycle.
import { routes } from '@free/protocol/api/generated/routes';

/** Every list endpoint the web reads (a GET answering `{ list, ... }`), by its entry of the endpoint map. */
export const LIST_ROUTES = [
  routes.getCommonArticleList,
  routes.getCommonMachines,
  routes.getCommonQuotes,
  routes.getCommonRoundHistory,
  routes.getUserContributeRecord,
  routes.getUserAirdropUnlocks,
  routes.getUserBurnRecords,
  routes.getUserDirectList,
  routes.getUserFccRecords,
  routes.getUserFinance,
  routes.getUserMachines,
  routes.getUserPoolContributions,
  routes.getUserPoolOrders,
  routes.getUserRechargeList,
  routes.getUserRoundBets,
  routes.getUserShopOrders,
  routes.getUserStakeOrders,
  routes.getUserStakeRedemptions,
  routes.getUserWithdrawList,
] as const;
/** A list endpoint's entry: what a page names its list by. */
export type ListRoute = (typeof LIST_ROUTES)[number];
/** The path of a list endpoint: what the key tree keys its pages by. */
export type ListPath = ListRoute['path'];
