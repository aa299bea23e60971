// The one small client store: the signed-in session (token + user), kept in localStorage.
import { useSyncExternalStore } from 'react';
import { SESSION_KEY as KEY, parseSession, type Session } from './stored';

export type { Session } from './stored';

const listeners = new Set<() => void>();
let current: Session | null = read();

function read(): Session | null {
  try {
    return parseSession(localStorage.getItem(KEY));
  } catch {
    return null;
  }
}

function write(next: Session | null) {
  current = next;
  try {
    if (next) localStorage.setItem(KEY, JSON.stringify(next));
    else localStorage.removeItem(KEY);
  } catch {
    // storage full or blocked: the session still lives for this page
  }
  for (const l of listeners) l();
}

export const session = {
  get: (): Session | null => current,
  token: (): string | null => current?.token ?? null,
  set: (next: Session) => write(next),
  /** Merges the profile from GET /api/user into the stored user. */
  mergeUser: (profile: Record<string, unknown>) => {
    if (current) write({ ...current, user: { ...current.user, ...profile, address: current.user.address } });
  },
  clear: () => {
    if (current) write(null);
  },
  subscribe: (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** Re-reads storage (another tab signed in or out). */
  reload: () => write(read()),
};

export function useSession(): Session | null {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

import { sameAddress } from '@free/protocol/address';

export { sameAddress };

/** A connected wallet whose address differs from the signed-in user's ends the session. */
export function walletEndsSession(
  wallet: { status: string; address?: string | null },
  current: Session | null,
): boolean {
  return (
    wallet.status === 'connected' &&
    !!wallet.address &&
    !!current &&
    !sameAddress(wallet.address, current.user.address)
  );
}
