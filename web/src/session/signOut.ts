import { call, routes } from '../api/client';
import { session } from './store';

/**
 * Ends the session on the server (POST /api/user/logout) and clears it here. The request is sent
 * (its headers are built from the token) before the local session is cleared, so the user is
 * signed out at once; an offline or failed call changes nothing visible, the token just lives on
 * the server until its expiry.
 */
export async function signOut(): Promise<void> {
  if (!session.get()) return;
  const revoked = call(routes.postUserLogout, { background: true }).catch(() => null);
  session.clear();
  await revoked;
}
