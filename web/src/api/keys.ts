// Query-key factory: one branch per resource. Everything under 'user' belongs to the signed-in user.
import type { Query } from './client';

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
    finance: (params: Query) => ['user', 'finance', params] as const,
    teamInfo: () => ['user', 'team_info'] as const,
    directList: (params: Query) => ['user', 'direct_list', params] as const,
    incomeInfo: (params: Query) => ['user', 'income_info', params] as const,
    fire: () => ['user', 'fire'] as const,
    contributeRecord: (params: Query) => ['user', 'contribute', params] as const,
    stakingLimit: () => ['user', 'staking_limit_info'] as const,
    stakeRefAddress: () => ['user', 'stake_ref_address'] as const,
    withdrawals: (params: Query) => ['user', 'withdraw', params] as const,
    recharges: (params: Query) => ['user', 'recharge', params] as const,
    /** Lists whose endpoint the server does not serve yet; key by path so each stays separate. */
    list: (path: string, params: Query) => ['user', 'list', path, params] as const,
  },
  /** The operator console (GET /api/admin/…); cleared with the session like everything else. */
  admin: {
    all: () => ['admin'] as const,
    me: () => ['admin', 'me'] as const,
    get: (path: string, params: Query) => ['admin', path, params] as const,
  },
  public: {
    list: (path: string, params: Query) => ['public', 'list', path, params] as const,
  },
};
