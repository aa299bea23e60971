// The signed-in user's sessions (devices): list, end one, end all others.
import type { SessionRevokeBody } from '@free/protocol/api/user';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../session/store';
import { call, routes } from './client';
import { keys } from './keys';

export function useSessions() {
  const signedIn = useSession() !== null;
  return useQuery({
    queryKey: keys.user.sessions(),
    queryFn: () => call(routes.getUserSessions),
    enabled: signedIn,
  });
}

/** Ends sessions; ending one's own is a sign-out, which the caller handles (see signOut). */
export function useRevokeSessions(onDone?: (revoked: number) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SessionRevokeBody) => call(routes.postUserSessionsRevoke, { body }),
    onSuccess: (data) => {
      void qc.invalidateQueries({ queryKey: keys.user.sessions() });
      onDone?.(data.revoked);
    },
  });
}
