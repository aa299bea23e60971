// Team answers: the team figures and the direct referrals.
import type * as api from '@free/protocol/api/team';
import { amt, checksum, isoOrNull } from '../lib/format.ts';
import type { DirectMember, TeamInfo } from '../services/team.ts';

export const toTeamInfoView = ({ teamLevel, ...t }: TeamInfo): api.TeamInfoData => ({
  ...t,
  totalPerformance: amt(t.totalPerformance),
  zoneA: amt(t.zoneA),
  zoneB: amt(t.zoneB),
  ownPrincipal: amt(t.ownPrincipal),
  level: teamLevel,
});

export const toDirectListView = (p: {
  list: DirectMember[];
  total: number;
  page: number;
  pageSize: number;
}): api.DirectListData => ({
  list: p.list.map((m) => ({
    address: checksum(m.address),
    boundAt: isoOrNull(m.boundAt),
    ownPrincipal: amt(m.ownPrincipal),
    teamCount: m.teamCount,
    performance: amt(m.performance),
    isValid: m.isValid,
  })),
  total: p.total,
  page: p.page,
  size: p.pageSize,
});
