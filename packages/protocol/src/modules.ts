// Product modules with an open / not-yet-open switch (docs/business-rules.md "Switches"). The switch values live in the
// server's DB config and are served by `/api/common/config` as `modules: { [key]: boolean }`;
// this list says which keys exist, which page each belongs to and whether home shows it.
export const PRODUCT_MODULES = [
  { key: 'staking', route: '/pages/shop/shop', home: false },
  { key: 'staking_use_balance', route: '/pages/shop/shop', home: false },
  { key: 'recharge', route: '/pages/mine/recharge', home: false },
  { key: 'withdraw', route: '/pages/mine/extract', home: false },
  { key: 'ai_trade', route: '/pages/index/aiTrade', home: true },
  { key: 'games', route: '/pages/index/game', home: true },
  { key: 'rwa', route: '/pages/index/rwa', home: true },
  { key: 'machines', route: '/pages/index/machine', home: true },
  { key: 'cards', route: '/pages/index/freePay', home: true },
  { key: 'shop', route: '/pages/shop/products', home: true },
  { key: 'huan_li_bao', route: '/pages/index/chain', home: true },
  { key: 'chain_pool', route: '/pages/chainPool/chainPool', home: true },
  { key: 'presale', route: '/pages/mine/airdropData', home: true },
  { key: 'airdrop', route: '/pages/mine/airdropData', home: false },
  { key: 'fomo', route: '/pages/index/index', home: false },
  { key: 'ignition', route: '/pages/fire/fire', home: false },
] as const;

export type ModuleKey = (typeof PRODUCT_MODULES)[number]['key'];
export const MODULE_KEYS = PRODUCT_MODULES.map((m) => m.key) as readonly ModuleKey[];

export const isModuleKey = (k: string): k is ModuleKey => (MODULE_KEYS as readonly string[]).includes(k);

/** Whether a module is open, given the `modules` map of `/api/common/config` (absent = not open). */
export const moduleOpen = (modules: Record<string, boolean> | null | undefined, key: ModuleKey): boolean =>
  modules?.[key] === true;
