// Operator views of one user: who they are by address, and their sessions (listed by a short id
// taken from the token hash, which names a session without revealing anything).
import { and, desc, eq, isNull, like } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { iso, isoOrNull } from '../lib/format.ts';

export type UserRow = typeof users.$inferSelect;

export const SESSION_ID_LENGTH = 16;

export async function userByAddress(db: Executor, address: string): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(eq(users.address, address.toLowerCase()));
  return u ?? null;
}

export async function sessionsOf(db: Executor, userId: number, now: Date) {
  const rows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt))
    .limit(100);
  return rows.map((s) => ({
    id: s.tokenHash.slice(0, SESSION_ID_LENGTH),
    createdAt: iso(s.createdAt),
    expiresAt: iso(s.expiresAt),
    revokedAt: isoOrNull(s.revokedAt),
    active: s.revokedAt === null && s.expiresAt.getTime() > now.getTime(),
  }));
}

/** Revokes one session (by its short id) or every unrevoked one of the user; returns how many. */
export async function revokeSessionsOf(
  db: Executor,
  userId: number,
  sessionId: string | undefined,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        sessionId ? like(sessions.tokenHash, `${sessionId}%`) : undefined,
      ),
    )
    .returning({ tokenHash: sessions.tokenHash });
  return rows.length;
}
