// Sign-out: the server revokes the token, and the app forgets it at once, online or not.
import type { LogoutData } from '@free/protocol/api/common';
import { api } from '../api/client';
import { session } from './store';

/**
 * Ends the session on the server (POST /api/user/logout) and clears it here. The request is sent
 * (its headers are built from the token) before the local session is cleared, so the user is
 * signed out at once; an offline or failed call changes nothing visible, the token just lives on
 * the server until its expiry.
 */
export async function signOut(): Promise<void> {
  if (!session.get()) return;
  const revoked = api.post<LogoutData>('/api/user/logout', undefined, { background: true }).catch(() => null);
  session.clear();
  await revoked;
}
