// The session as localStorage keeps it, read without the app's libraries: the store
// (src/session/store.ts) and index.html's shell script (src/shell/), which draws the home page's
// sign-in card for visitors only, decide alike whether someone is signed in.

export interface SessionUser {
  address: string;
  [field: string]: unknown;
}
export interface Session {
  token: string;
  user: SessionUser;
}

export const SESSION_KEY = 'free.session';

/** The stored session, or null when there is none or it is unreadable. */
export function parseSession(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Session;
    return typeof parsed?.token === 'string' && typeof parsed.user?.address === 'string' ? parsed : null;
  } catch {
    return null;
  }
}
