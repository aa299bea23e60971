// FOMO pool (DESIGN §6): a share of stake fees flows in (as FREE), each qualifying stake resets the
// countdown, and it is the circuit breaker of settlement: below the floor no earnings are paid.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { getSettings } from './settings.ts';
import { freeOfUsdt, getMoneySettings, type MoneySettings } from './settlement-config.ts';

export const FOMO_HOLD_REASON = 'fomo_below_floor';

export async function fomoBalance(db: Executor): Promise<bigint> {
  const [r] = rowsOf<{ s: string }>(
    await db.execute(sql`SELECT coalesce(sum(amount), 0)::text AS s FROM fomo_flows`),
  );
  return BigInt(r?.s ?? '0');
}

export async function fomoFloor(db: Executor): Promise<bigint> {
  return BigInt((await getSettings(db)).fomo_floor_wei);
}

/** Operators fund the pool (ops CLI); `ref` makes a retried call a no-op. */
export async function fundFomo(db: Executor, amount: bigint, ref: string): Promise<boolean> {
  if (amount <= 0n) throw new AppError(ErrorCode.InvalidAmount, 'amount');
  const r =
    await db.execute(sql`INSERT INTO fomo_flows (kind, amount, ref) VALUES ('fund', ${amount.toString()}, ${`fund:${ref}`})
    ON CONFLICT (ref) DO NOTHING RETURNING id`);
  return rowsOf(r).length > 0;
}

/**
 * A stake happened: its fee's share flows into the pool, and a stake of at least the configured
 * amount resets the countdown. Idempotent by `ref`.
 */
export async function onStakeForFomo(
  tx: Executor,
  a: { userId: number; amount: bigint; fee: bigint; ref: string; now: Date; settings?: MoneySettings },
): Promise<void> {
  const s = a.settings ?? (await getMoneySettings(tx));
  const share = (freeOfUsdt(s, a.fee) * BigInt(s.fomo_fee_share_bps)) / 10_000n;
  if (share > 0n) {
    await tx.execute(sql`INSERT INTO fomo_flows (kind, amount, user_id, ref)
      VALUES ('fee_share', ${share.toString()}, ${a.userId}, ${`fee_share:${a.ref}`}) ON CONFLICT (ref) DO NOTHING`);
  }
  if (a.amount >= BigInt(s.fomo_min_stake_wei)) {
    const endsAt = new Date(a.now.getTime() + s.fomo_countdown_sec * 1000);
    await tx.execute(sql`INSERT INTO fomo_participants (user_id, amount, ends_at, ref)
      VALUES (${a.userId}, ${a.amount.toString()}, ${endsAt.toISOString()}, ${a.ref}) ON CONFLICT (ref) DO NOTHING`);
  }
}

export type FomoView = {
  balance: bigint;
  floor: bigint;
  unlockAt: Date | null;
  countdownMs: number;
  distributing: boolean;
  holdReason: string | null;
  lastHoldDay: string | null;
  participants: { address: string; amount: bigint; time: Date }[];
};

export async function fomoView(db: Executor, now: Date): Promise<FomoView> {
  const s = await getMoneySettings(db);
  const [balance, floor] = await Promise.all([fomoBalance(db), fomoFloor(db)]);
  // balance stakes record their participation; on-chain stakes (mirrored by the indexer) count too
  const participants = rowsOf<{ address: string; amount: string; at: string | Date }>(
    await db.execute(sql`SELECT address, amount::text AS amount, at FROM (
        SELECT u.address, p.amount, p.ends_at - ${s.fomo_countdown_sec}::int * interval '1 second' AS at, p.id AS ord
        FROM fomo_participants p JOIN users u ON u.id = p.user_id
        UNION ALL
        SELECT cs.user_address, cs.amount, cs.staked_at, cs.id FROM chain_stakes cs
        WHERE cs.amount >= ${s.fomo_min_stake_wei}::numeric
      ) x ORDER BY at DESC, ord DESC LIMIT ${s.fomo_last_participants}`),
  );
  const [hold] = rowsOf<{ day: string }>(
    await db.execute(sql`SELECT day::text AS day FROM settlement_holds ORDER BY day DESC LIMIT 1`),
  );
  const first = participants[0];
  const unlockAt = first ? new Date(new Date(first.at).getTime() + s.fomo_countdown_sec * 1000) : null;
  const distributing = balance >= floor;
  return {
    balance,
    floor,
    unlockAt,
    countdownMs: unlockAt ? Math.max(0, unlockAt.getTime() - now.getTime()) : 0,
    distributing,
    holdReason: distributing ? null : FOMO_HOLD_REASON,
    lastHoldDay: hold?.day ?? null,
    participants: participants.map((p) => ({
      address: p.address,
      amount: BigInt(p.amount),
      time: new Date(p.at),
    })),
  };
}
