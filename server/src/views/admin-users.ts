// The console's look at one user (GET /api/admin/users/*): who they are, balances, team figures,
// the latest orders of each kind, their sessions; amounts in token units, times as ISO.
import type * as api from '@free/protocol/api/admin';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import { checksum, iso, isoOrNull } from '../lib/format.ts';
import type { UserLookup } from '../services/admin-users.ts';
import type { SessionView } from '../services/auth.ts';
import { toShopOrderView } from './shop.ts';
import { toStakeOrderView } from './staking.ts';
import { toTeamInfoView } from './team.ts';
import { toBalancesView } from './user.ts';
import { toRechargeView, toWithdrawalView } from './wallet.ts';

export const toUserLookupView = (
  l: UserLookup,
  config: Config,
  now: Date,
): z.infer<typeof api.userLookupData> => ({
  user: {
    id: l.user.id,
    address: checksum(l.user.address),
    inviter: l.inviter === null ? null : checksum(l.inviter),
    ignited: l.user.ignited,
    createdAt: iso(l.user.createdAt),
    lastLoginAt: isoOrNull(l.user.lastLoginAt),
  },
  balances: toBalancesView(l.balances),
  // the console shows the user level V{n} (what picks the generations paid), not the team label
  team: { ...toTeamInfoView(l.team), level: `V${l.team.level}` },
  staking: { ...l.staking, list: l.staking.list.map(toStakeOrderView) },
  shop: { ...l.shop, list: l.shop.list.map(toShopOrderView) },
  withdrawals: { ...l.withdrawals, list: l.withdrawals.list.map(toWithdrawalView) },
  recharges: { ...l.recharges, list: l.recharges.list.map((o) => toRechargeView(o, config, now)) },
});

/** A session of the user as the operator sees it: none is the operator's, so none is marked `current`. */
export const toUserSessionView = ({ current: _, ...x }: SessionView): z.infer<typeof api.userSession> => ({
  ...x,
  createdAt: iso(x.createdAt),
  lastUsedAt: iso(x.lastUsedAt),
  expiresAt: iso(x.expiresAt),
});
