// Operator views of one user: who they are by address. Their sessions are listed and revoked by
// the auth service (listSessions / revokeUserSessions), which also keeps the session cache right.
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export async function userByAddress(db: Executor, address: string): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(eq(users.address, address.toLowerCase()));
  return u ?? null;
}
