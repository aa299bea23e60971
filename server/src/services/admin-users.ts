// Operator views of one user: who they are by address. Their sessions are listed and revoked by
// the auth service (listSessions / revokeUserSessions), which also keeps the session cache right;
// everything else the lookup shows comes from the services that own it.
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { getUserBalances } from './ledger.ts';
import { listRechargeOrders } from './recharge.ts';
import { shopOrdersOf } from './shop.ts';
import { listOrders } from './staking-orders.ts';
import { teamInfo } from './team.ts';
import { listWithdrawals } from './withdraw.ts';

export type UserRow = typeof users.$inferSelect;

export async function userByAddress(db: Executor, address: string): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(eq(users.address, address.toLowerCase()));
  return u ?? null;
}

/** How many of each kind of order the lookup shows (newest first). */
const LOOKUP_RECENT = 20;

/** Everything the console shows of one user: who, balances, team figures, the latest orders of each kind. */
export async function userLookup(db: Executor, u: UserRow, lang: string, now: Date) {
  const [balances, team, staking, shop, withdrawals, recharges, inviter] = await Promise.all([
    getUserBalances(db, u.id),
    teamInfo(db, u.id, now),
    listOrders(db, { userId: u.id, page: 1, size: LOOKUP_RECENT, now }),
    shopOrdersOf(db, u.id, lang, 1, LOOKUP_RECENT),
    listWithdrawals(db, u.id, 1, LOOKUP_RECENT),
    listRechargeOrders(db, u.id, 1, LOOKUP_RECENT),
    u.inviterId
      ? db.select({ address: users.address }).from(users).where(eq(users.id, u.inviterId))
      : Promise.resolve([]),
  ]);
  return {
    user: u,
    inviter: inviter[0]?.address ?? null,
    balances,
    team,
    staking: { ...staking, page: 1, size: LOOKUP_RECENT },
    shop,
    withdrawals,
    recharges,
  };
}

export type UserLookup = Awaited<ReturnType<typeof userLookup>>;
