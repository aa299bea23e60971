// The signed-in user's answers: the profile, the staking limits and the sessions.
import type * as api from '@free/protocol/api/user';
import { amt, checksum, iso, isoOrNull } from '../lib/format.ts';
import type { SessionView } from '../services/auth.ts';
import { ASSETS, USER_ACCOUNTS } from '../services/ledger.ts';
import type { StakingLimits, UserProfile } from '../services/user.ts';

type Balances = UserProfile['balances'];

export const toUserProfileView = ({ user, inviter, team, balances }: UserProfile): api.UserProfile => ({
  id: user.id,
  address: checksum(user.address),
  inviter: inviter === null ? null : checksum(inviter),
  ignited: user.ignited,
  ignitedAt: isoOrNull(user.ignitedAt),
  createdAt: iso(user.createdAt),
  level: {
    user: `V${team.level}`,
    node: team.nodeTier,
    marketMaker: team.isMarketMaker,
    valid: team.isValid,
    vip: team.vipLevel,
    marketMakerLevel: team.marketMakerLevel,
  },
  invite: { path: '#/', query: `inviter=${checksum(user.address)}` },
  balances: toBalancesView(balances),
});

/** A user's balances: each account, each asset, in token units. */
export const toBalancesView = (b: Balances): api.UserProfile['balances'] =>
  Object.fromEntries(
    USER_ACCOUNTS.map((a) => [a, Object.fromEntries(ASSETS.map((s) => [s, amt(b[a][s])]))]),
  ) as api.UserProfile['balances'];

export const toStakingLimitsView = (l: StakingLimits): api.StakingLimitData => ({
  minAmount: amt(l.minAmount),
  maxAmount: amt(l.maxAmount),
  minInvestmentFree: amt(l.minInvestmentFree),
  maxInvestment: amt(l.maxInvestment),
  minStake: amt(l.minStake),
  maxStake: amt(l.maxStake),
  cycles: l.cycles.map((c, index) => ({ index, ...c })),
  walletUsdt: amt(l.walletUsdt),
  walletFree: amt(l.walletFree),
  stakingUseBalanceOpen: l.stakingUseBalanceOpen,
  marketMakerTurnover: amt(l.marketMakerTurnover),
});

export const toSessionView = (x: SessionView): api.SessionItem => ({
  ...x,
  createdAt: iso(x.createdAt),
  lastUsedAt: iso(x.lastUsedAt),
  expiresAt: iso(x.expiresAt),
});
