// THE route table: the router, tab bar, navigation bar and route guard all read it; nothing else lists routes.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import Home from '../pages/index/Home';

export interface RouteDef {
  /** Path after the hash, e.g. '/pages/mine/recharge'. */
  path: string;
  component: ComponentType | LazyExoticComponent<ComponentType>;
  /** i18n key of the navigation bar title. */
  titleKey: string;
  /** Personal pages prompt sign-in instead of showing an empty page (docs/business-rules.md "Languages and screens"). */
  needsLogin: boolean;
  /** Position in the bottom tab bar, for the five tab pages. */
  tab?: 0 | 1 | 2 | 3 | 4;
}

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

// The operator console (docs/operations.md "Operators and the console"): one lazy chunk for all sections, never part of a user's first paint.
const adminConsole = page(() => import('../pages/admin/AdminConsole'));

// Home is in the first paint; the other four tabs load on their own and are fetched while the
// browser is idle after the first paint (prefetchTabs), so a tap on a tab does not wait.
const loadShop = () => import('../pages/shop/Shop');
const loadFire = () => import('../pages/fire/Fire');
const loadChainPool = () => import('../pages/chainPool/ChainPool');
const loadMine = () => import('../pages/mine/Mine');

export function prefetchTabs(): void {
  const run = () => {
    for (const load of [loadShop, loadFire, loadChainPool, loadMine]) void load();
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3_000 });
  else setTimeout(run, 1_000);
}

const TABLE = [
  // The five tabs: Home in the first paint, the others prefetched right after it.
  { path: '/', component: Home, titleKey: 'tab.home', needsLogin: false, tab: 0 },
  {
    path: '/pages/shop/shop',
    component: page(loadShop),
    titleKey: 'tab.marketMaker',
    needsLogin: false,
    tab: 1,
  },
  { path: '/pages/fire/fire', component: page(loadFire), titleKey: 'tab.ignite', needsLogin: false, tab: 2 },
  {
    path: '/pages/chainPool/chainPool',
    component: page(loadChainPool),
    titleKey: 'tab.chain',
    needsLogin: false,
    tab: 3,
  },
  { path: '/pages/mine/mine', component: page(loadMine), titleKey: 'tab.profile', needsLogin: false, tab: 4 },

  // Chain pool
  {
    path: '/pages/chainPool/myContribution',
    component: page(() => import('../pages/chainPool/MyContribution')),
    titleKey: 'page.myContribution',
    needsLogin: true,
  },
  {
    path: '/pages/chainPool/orderList',
    component: page(() => import('../pages/chainPool/OrderList')),
    titleKey: 'page.poolOrders',
    needsLogin: true,
  },
  {
    path: '/pages/chainPool/poolData',
    component: page(() => import('../pages/chainPool/PoolData')),
    titleKey: 'page.poolData',
    needsLogin: false,
  },

  // Home section
  {
    path: '/pages/index/aiTrade',
    component: page(() => import('../pages/index/AiTrade')),
    titleKey: 'page.aiTrade',
    needsLogin: false,
  },
  {
    path: '/pages/index/announcement',
    component: page(() => import('../pages/index/Announcement')),
    titleKey: 'page.announcements',
    needsLogin: false,
  },
  {
    path: '/pages/index/announcementDetail',
    component: page(() => import('../pages/index/AnnouncementDetail')),
    titleKey: 'page.announcementDetail',
    needsLogin: false,
  },
  {
    path: '/pages/index/chain',
    component: page(() => import('../pages/index/Chain')),
    titleKey: 'page.chainIntro',
    needsLogin: false,
  },
  {
    path: '/pages/index/database',
    component: page(() => import('../pages/index/Database')),
    titleKey: 'page.quotes',
    needsLogin: false,
  },
  {
    path: '/pages/index/freePay',
    component: page(() => import('../pages/index/FreePay')),
    titleKey: 'page.freePay',
    needsLogin: false,
  },
  {
    path: '/pages/index/game',
    component: page(() => import('../pages/index/Game')),
    titleKey: 'page.games',
    needsLogin: false,
  },
  {
    path: '/pages/index/machine',
    component: page(() => import('../pages/index/Machine')),
    titleKey: 'page.machines',
    needsLogin: false,
  },
  {
    path: '/pages/index/machineDetail',
    component: page(() => import('../pages/index/MachineDetail')),
    titleKey: 'page.machineDetail',
    needsLogin: false,
  },
  {
    path: '/pages/index/rwa',
    component: page(() => import('../pages/index/Rwa')),
    titleKey: 'page.rwa',
    needsLogin: false,
  },
  {
    path: '/pages/index/docs',
    component: page(() => import('../pages/index/Docs')),
    titleKey: 'page.docs',
    needsLogin: false,
  },

  // Profile section
  {
    path: '/pages/mine/earnings',
    component: page(() => import('../pages/mine/Earnings')),
    titleKey: 'page.earnings',
    needsLogin: true,
  },
  {
    path: '/pages/mine/extract',
    component: page(() => import('../pages/mine/Extract')),
    titleKey: 'page.withdraw',
    needsLogin: true,
  },
  {
    path: '/pages/mine/recharge',
    component: page(() => import('../pages/mine/Recharge')),
    titleKey: 'page.recharge',
    needsLogin: true,
  },
  {
    path: '/pages/mine/team',
    component: page(() => import('../pages/mine/Team')),
    titleKey: 'page.team',
    needsLogin: true,
  },
  {
    path: '/pages/mine/unLockDetails',
    component: page(() => import('../pages/mine/UnlockDetails')),
    titleKey: 'page.unlockDetails',
    needsLogin: true,
  },
  {
    path: '/pages/mine/finance',
    component: page(() => import('../pages/mine/Finance')),
    titleKey: 'page.flowRecords',
    needsLogin: true,
  },
  {
    path: '/pages/mine/burnData',
    component: page(() => import('../pages/mine/BurnData')),
    titleKey: 'page.burnData',
    needsLogin: true,
  },
  {
    path: '/pages/mine/airdropData',
    component: page(() => import('../pages/mine/AirdropData')),
    titleKey: 'page.airdropData',
    needsLogin: true,
  },
  {
    path: '/pages/mine/language',
    component: page(() => import('../pages/mine/Language')),
    titleKey: 'page.language',
    needsLogin: false,
  },
  {
    path: '/pages/mine/sessions',
    component: page(() => import('../pages/mine/Sessions')),
    titleKey: 'page.sessions',
    needsLogin: true,
  },
  {
    path: '/pages/mine/liabilities',
    component: page(() => import('../pages/mine/Liabilities')),
    titleKey: 'page.liabilities',
    needsLogin: true,
  },
  {
    path: '/pages/mine/contact',
    component: page(() => import('../pages/mine/Contact')),
    titleKey: 'page.contact',
    needsLogin: false,
  },

  // Shop (goods bought in shares with the balance)
  {
    path: '/pages/shop/products',
    component: page(() => import('../pages/shop/Products')),
    titleKey: 'page.shopProducts',
    needsLogin: false,
  },
  {
    path: '/pages/shop/product',
    component: page(() => import('../pages/shop/Product')),
    titleKey: 'page.shopProduct',
    needsLogin: false,
  },
  {
    path: '/pages/shop/shopOrders',
    component: page(() => import('../pages/shop/ShopOrders')),
    titleKey: 'page.shopOrders',
    needsLogin: true,
  },

  // Market maker section
  {
    path: '/pages/shop/fccRecord',
    component: page(() => import('../pages/shop/FccRecord')),
    titleKey: 'page.fccRecord',
    needsLogin: true,
  },
  {
    path: '/pages/shop/order',
    component: page(() => import('../pages/shop/Order')),
    titleKey: 'page.stakeOrders',
    needsLogin: true,
  },
  {
    path: '/pages/shop/redemption',
    component: page(() => import('../pages/shop/Redemption')),
    titleKey: 'page.redemption',
    needsLogin: true,
  },

  // Operator console: one component for every section; listed one by one so each path is a link target.
  { path: '/admin', component: adminConsole, titleKey: 'page.admin', needsLogin: true },
  { path: '/admin/dashboard', component: adminConsole, titleKey: 'page.admin', needsLogin: true },
  { path: '/admin/money', component: adminConsole, titleKey: 'page.admin', needsLogin: true },
  { path: '/admin/product', component: adminConsole, titleKey: 'page.admin', needsLogin: true },
  { path: '/admin/content', component: adminConsole, titleKey: 'page.admin', needsLogin: true },
  { path: '/admin/users', component: adminConsole, titleKey: 'page.admin', needsLogin: true },
  { path: '/admin/audit', component: adminConsole, titleKey: 'page.admin', needsLogin: true },
] as const satisfies readonly RouteDef[];

/** Every path of the table: a link to anything else fails the type check. */
export type RoutePath = (typeof TABLE)[number]['path'];
/** A route of the table, its path typed. */
export type TableRoute = RouteDef & { path: RoutePath };

export const ROUTES: readonly TableRoute[] = TABLE;
/** A link target: a route path, with or without a query string. */
export type Href = RoutePath | `${RoutePath}?${string}`;

declare module './link' {
  interface RouteRegistry {
    href: RoutePath | `${RoutePath}?${string}`;
  }
}

export const TABS: readonly TableRoute[] = ROUTES.filter((r) => r.tab !== undefined).sort(
  (a, b) => (a.tab ?? 0) - (b.tab ?? 0),
);

/** Old-style aliases of the tab pages (home is also pages/index/index). */
export const ALIASES: Readonly<Record<string, string>> = { '/pages/index/index': '/' };

export function findRoute(pathname: string): RouteDef | undefined {
  const path = ALIASES[pathname] ?? pathname;
  return ROUTES.find((r) => r.path === path);
}
