// The signed-in user's resources: profile, team, income (enabled only with a session); ignition
// is api/mine.ts useFire.
import type { stakingLimitData } from '@free/protocol/api/index';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import { session, useSession } from '../session/store';
import { call, routes } from './client';
import { keys } from './keys';

export type StakingLimitData = z.infer<typeof stakingLimitData>;

/** GET /api/user; the profile is merged into the stored user. */
export function useMe() {
  const signedIn = useSession() !== null;
  const q = useQuery({
    queryKey: keys.user.me(),
    queryFn: () => call(routes.getUser),
    enabled: signedIn,
  });
  useEffect(() => {
    if (q.data) session.mergeUser(q.data);
  }, [q.data]);
  return q;
}

export function useTeamInfo() {
  const signedIn = useSession() !== null;
  return useQuery({
    queryKey: keys.user.teamInfo(),
    queryFn: () => call(routes.getUserTeamInfo),
    enabled: signedIn,
  });
}

export function useIncomeInfo() {
  const signedIn = useSession() !== null;
  return useQuery({
    queryKey: keys.user.incomeInfo({}),
    queryFn: () => call(routes.getUserIncomeInfo),
    enabled: signedIn,
  });
}

export function useStakingLimit() {
  const signedIn = useSession() !== null;
  return useQuery({
    queryKey: keys.user.stakingLimit(),
    queryFn: () => call(routes.getUserStakingLimitInfo, { hideError: true }),
    enabled: signedIn,
  });
}
