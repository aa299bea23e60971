// FOMO pool (docs/business-rules.md "FOMO pool"): a share of stake fees flows in (as FREE), each qualifying stake resets the
// countdown, and it is the circuit breaker of settlement: below the floor no earnings are paid.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { notifyPublic } from './events.ts';
import { KIND } from './income-kinds.ts';
import { freeOfUsdt, getSetting, getSettings, type MoneySettings } from './settings.ts';
import { bulkCredit } from './settlement-ledger.ts';

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
  const funded = rowsOf(r).length > 0;
  if (funded) await notifyPublic(db, 'fomo');
  return funded;
}

/**
 * A stake happened: its fee's share flows into the pool, and a stake of at least the configured
 * amount resets the countdown. Idempotent by `ref`.
 */
export async function onStakeForFomo(
  tx: Executor,
  a: { userId: number; amount: bigint; fee: bigint; ref: string; now: Date; settings?: MoneySettings },
): Promise<void> {
  const s = a.settings ?? (await getSetting(tx, 'product_money'));
  const share = (freeOfUsdt(s, a.fee) * BigInt(s.fomo_fee_share_bps)) / 10_000n;
  if (share > 0n) {
    await tx.execute(sql`INSERT INTO fomo_flows (kind, amount, user_id, ref)
      VALUES ('fee_share', ${share.toString()}, ${a.userId}, ${`fee_share:${a.ref}`}) ON CONFLICT (ref) DO NOTHING`);
  }
  const resets = a.amount >= BigInt(s.fomo_min_stake_wei);
  if (share > 0n || resets) await notifyPublic(tx, 'fomo');
  if (resets) {
    const endsAt = new Date(a.now.getTime() + s.fomo_countdown_sec * 1000);
    await tx.execute(sql`INSERT INTO fomo_participants (user_id, amount, ends_at, ref)
      VALUES (${a.userId}, ${a.amount.toString()}, ${endsAt.toISOString()}, ${a.ref}) ON CONFLICT (ref) DO NOTHING`);
  }
}

/** Participants (balance stakes and on-chain stakes) at or before `at`, newest first. */
function participantsSql(s: MoneySettings, at: Date | null, after: Date | null) {
  const upTo = at ? sql`WHERE at <= ${at.toISOString()}::timestamptz` : sql`WHERE true`;
  const since = after ? sql`AND at > ${after.toISOString()}::timestamptz` : sql``;
  return sql`SELECT user_id, address, amount::text AS amount, at FROM (
      SELECT p.user_id, u.address, p.amount, p.ends_at - ${s.fomo_countdown_sec}::int * interval '1 second' AS at, p.id AS ord
      FROM fomo_participants p JOIN users u ON u.id = p.user_id
      UNION ALL
      SELECT cs.user_id, cs.user_address, cs.amount, cs.staked_at, cs.id FROM chain_stakes cs
      WHERE cs.amount >= ${s.fomo_min_stake_wei}::numeric AND cs.round = 1
    ) x ${upTo} ${since} ORDER BY at DESC, ord DESC LIMIT ${s.fomo_last_participants}`;
}

type ParticipantRow = { user_id: number; address: string; amount: string; at: string | Date };

/**
 * When the countdown has run out by `at`, the last participants of the round share what the pool
 * holds above the floor (equal shares, FREE to the wallet, kind `fomo_payout`), once per round;
 * the floor itself stays, so the circuit breaker is never tripped by a payout.
 */
export async function distributeFomo(tx: Executor, at: Date): Promise<{ rows: number; total: bigint }> {
  const s = await getSetting(tx, 'product_money');
  const [prev] = rowsOf<{ e: string | Date | null }>(
    await tx.execute(sql`SELECT max(substring(ref FROM 8)::timestamptz) AS e FROM fomo_flows
      WHERE kind = 'payout' AND ref LIKE 'payout:%'`),
  );
  const prevEnd = prev?.e ? new Date(prev.e) : null;
  const last = rowsOf<ParticipantRow>(await tx.execute(participantsSql(s, at, prevEnd)));
  const first = last[0];
  if (!first) return { rows: 0, total: 0n };
  const endsAt = new Date(new Date(first.at).getTime() + s.fomo_countdown_sec * 1000);
  if (endsAt.getTime() > at.getTime()) return { rows: 0, total: 0n };
  const above = (await fomoBalance(tx)) - (await fomoFloor(tx));
  const share = above > 0n ? above / BigInt(last.length) : 0n;
  if (share === 0n) return { rows: 0, total: 0n };
  const round = endsAt.toISOString();
  const claimed = rowsOf(
    await tx.execute(sql`INSERT INTO fomo_flows (kind, amount, ref)
      VALUES ('payout', ${(-share * BigInt(last.length)).toString()}, ${`payout:${round}`})
      ON CONFLICT (ref) DO NOTHING RETURNING id`),
  );
  if (claimed.length === 0) return { rows: 0, total: 0n };
  await notifyPublic(tx, 'fomo');
  const src = sql.join(
    last.map(
      (p, i) =>
        sql`SELECT ${p.user_id}::int AS user_id, ${share.toString()}::numeric AS amount,
          ${`fomo:${round}:${i}`}::text AS tx_key, ${`fomo:${round}`}::text AS ref`,
    ),
    sql` UNION ALL `,
  );
  return bulkCredit(tx, { src, account: 'wallet', asset: 'FREE', kind: KIND.fomoPayout });
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
  const s = await getSetting(db, 'product_money');
  const [balance, floor] = await Promise.all([fomoBalance(db), fomoFloor(db)]);
  // balance stakes record their participation; on-chain stakes (mirrored by the indexer) count too
  const participants = rowsOf<ParticipantRow>(await db.execute(participantsSql(s, null, null)));
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
