// The one query-key tree: one branch per resource. Everything under 'user' belongs to the signed-in
// user (a sign-out or a money action invalidates it whole), 'public' is the same for everyone, and
// 'chain' / 'staking' are reads from the chain itself. A factory without arguments next to one with
// (`rechargesAll` beside `recharges`) is the prefix an invalidation names: every key of that resource.
import type { Query } from './client';
import type { ListPath } from './list-routes';

export const keys = {
  config: () => ['config'] as const,
  banner: () => ['banner'] as const,
  articles: {
    all: () => ['articles'] as const,
    list: (params: Query) => ['articles', 'list', params] as const,
    detail: (id: string) => ['articles', 'detail', id] as const,
  },
  user: {
    all: () => ['user'] as const,
    me: () => ['user', 'me'] as const,
    teamInfo: () => ['user', 'team_info'] as const,
    incomeInfo: (params: Query) => ['user', 'income_info', params] as const,
    incomeInfoAll: () => ['user', 'income_info'] as const,
    /** The tab bar's flame and the Ignite page read the same key, so an ignition refreshes both. */
    fire: () => ['user', 'fire'] as const,
    sessions: () => ['user', 'sessions'] as const,
    liabilitiesProof: () => ['user', 'liabilities', 'proof'] as const,
    stakingLimit: () => ['user', 'staking_limit_info'] as const,
    recharges: (params: Query) => ['user', 'recharge', params] as const,
    rechargesAll: () => ['user', 'recharge'] as const,
    hashrate: () => ['user', 'hashrate'] as const,
    airdrop: (kind: string) => ['user', 'airdrop', kind] as const,
    airdropAll: () => ['user', 'airdrop'] as const,
    quota: () => ['user', 'quota'] as const,
    presale: () => ['user', 'presale'] as const,
    cards: () => ['user', 'cards'] as const,
    hlbOrders: () => ['user', 'hlb', 'orders'] as const,
    poolSummary: () => ['user', 'pool', 'contributions', 'summary'] as const,
    /** A paged list (src/api/list.ts listKey), keyed by its path so each stays separate. */
    list: (path: ListPath, params: Query) => ['user', 'list', path, params] as const,
    listAt: (path: ListPath) => ['user', 'list', path] as const,
    lists: () => ['user', 'list'] as const,
  },
  /** The operator console (GET /api/admin/…); cleared with the session like everything else. */
  admin: {
    all: () => ['admin'] as const,
    me: () => ['admin', 'me'] as const,
    get: (path: string, params: Query) => ['admin', path, params] as const,
  },
  public: {
    fomo: () => ['public', 'fomo'] as const,
    liabilities: () => ['public', 'liabilities'] as const,
    quotes: () => ['public', 'quotes'] as const,
    machines: () => ['public', 'machines'] as const,
    machine: (id: string) => ['public', 'machines', id] as const,
    /** Products and each product page: an order or a cancel changes the stock of all of them. */
    shop: () => ['public', 'shop'] as const,
    shopProducts: () => ['public', 'shop', 'products'] as const,
    shopProduct: (id: string) => ['public', 'shop', 'product', id] as const,
    poolStats: () => ['public', 'pool', 'stats'] as const,
    round: () => ['public', 'round', 'current'] as const,
    roundChart: () => ['public', 'round', 'chart'] as const,
    list: (path: ListPath, params: Query) => ['public', 'list', path, params] as const,
    listAt: (path: ListPath) => ['public', 'list', path] as const,
  },
  chain: {
    all: () => ['chain'] as const,
    balances: (address: string, chainId: number) => ['chain', 'balances', address, chainId] as const,
  },
  staking: {
    all: () => ['staking'] as const,
    state: (staking: string) => ['staking', 'state', staking] as const,
    wallet: (staking: string, account: string) =>
      ['staking', 'wallet', staking, account.toLowerCase()] as const,
    quote: (router: string, fee: string) => ['staking', 'quote', router, fee] as const,
    records: (staking: string, account: string) =>
      ['staking', 'records', staking, account.toLowerCase()] as const,
  },
};
