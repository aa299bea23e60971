// The signatures a signer key made that the chain would still accept: what `ops signer:remove`
// waits for before it takes the key off the contracts (docs/operations.md, rotating the signer).
import { and, count, eq, gte, isNull, max, ne, or, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Executor } from '../db/client.ts';
import { inviterNonces } from '../db/schema/team.ts';
import { rechargeOrders } from '../db/schema/wallet.ts';

export type LiveSignatures = {
  count: number;
  /** when the last of them stops being accepted (null: none left) */
  until: Date | null;
};

/**
 * Signatures of `signer` that the chain would still accept at `chainNow`: recharge orders not paid
 * before their endTime, and inviter signatures not used before their deadline. Rows signed before
 * the signer was recorded (migration 0028, `signer` null) count for every signer until they end.
 */
export async function liveSignatures(db: Executor, signer: Address, chainNow: Date): Promise<LiveSignatures> {
  const bySigner = (column: typeof rechargeOrders.signer | typeof inviterNonces.signer) =>
    or(isNull(column), eq(sql`lower(${column})`, signer.toLowerCase()));
  const [[orders], [invites]] = await Promise.all([
    db
      .select({ n: count(), until: max(rechargeOrders.endTime) })
      .from(rechargeOrders)
      .where(
        and(
          ne(rechargeOrders.state, 'paid'),
          gte(rechargeOrders.endTime, chainNow),
          bySigner(rechargeOrders.signer),
        ),
      ),
    db
      .select({ n: count(), until: max(inviterNonces.deadline) })
      .from(inviterNonces)
      .where(
        and(
          isNull(inviterNonces.usedAt),
          gte(inviterNonces.deadline, chainNow),
          bySigner(inviterNonces.signer),
        ),
      ),
  ]);
  const ends = [orders?.until, invites?.until].filter((d): d is Date => d instanceof Date);
  return {
    count: (orders?.n ?? 0) + (invites?.n ?? 0),
    until: ends.length ? new Date(Math.max(...ends.map((d) => d.getTime()))) : null,
  };
}
