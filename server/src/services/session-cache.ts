// A short-lived in-process memory of sessions already checked, so that a signed-in request does
// not wait on the database for its session. Keyed by the token's sha256, never the token.
//
// Bound: another API process (or the ops CLI) that revokes a session or changes a user row is seen
// here at most SESSION_CACHE_MS later; this process's own logout, ignition and inviter binding
// forget the entry at once. The session's expiry is checked against the request clock every time.
import type { users } from '../db/schema/index.ts';

export type CachedUser = typeof users.$inferSelect;

/** How long a checked session is trusted without asking the database again. */
export const SESSION_CACHE_MS = 2_000;
/** Entries kept at most (oldest dropped first): a burst of new tokens cannot grow memory. */
const MAX_ENTRIES = 20_000;

type Entry = { user: CachedUser; expiresAt: number; checkedAt: number };
const entries = new Map<string, Entry>();

export function cachedSession(tokenHash: string, now: Date): CachedUser | null {
  const e = entries.get(tokenHash);
  if (!e) return null;
  if (performance.now() - e.checkedAt >= SESSION_CACHE_MS || e.expiresAt <= now.getTime()) {
    entries.delete(tokenHash);
    return null;
  }
  return e.user;
}

export function rememberSession(tokenHash: string, user: CachedUser, expiresAt: Date): void {
  entries.delete(tokenHash);
  if (entries.size >= MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entries.set(tokenHash, { user, expiresAt: expiresAt.getTime(), checkedAt: performance.now() });
}

export function forgetSession(tokenHash: string): void {
  entries.delete(tokenHash);
}

/** After a write to the user's row: every session of the user reads it again. */
export function forgetUser(userId: number): void {
  for (const [hash, e] of entries) if (e.user.id === userId) entries.delete(hash);
}
