// Airdrop and presale allocations (FREE), released linearly between unlock and end time
// (releaseUnlocks: the daily settlement's `unlocks` step, jobs/settlement.ts); the airdrop page,
// unlock details and the quota.
import { DAY_MS } from '@free/protocol/constants';
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { KIND } from './income-kinds.ts';
import { bulkCredit } from './settlement-ledger.ts';

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** Grants an allocation (operators, seed, presale purchases); idempotent by `ref`. */
export async function grantAllocation(
  db: Executor,
  a: {
    userId: number;
    kind: 'airdrop' | 'presale';
    total: bigint;
    unlockAt: Date;
    endAt: Date;
    ref: string;
    paidUsdt?: bigint;
  },
): Promise<number> {
  if (a.total <= 0n) throw new AppError(ErrorCode.InvalidAmount, 'total');
  if (a.endAt.getTime() <= a.unlockAt.getTime()) throw new AppError(ErrorCode.BadRequest, 'endAt');
  const r = rowsOf<{ id: number }>(
    await db.execute(sql`INSERT INTO token_allocations (user_id, kind, total, paid_usdt, unlock_at, end_at, ref)
      VALUES (${a.userId}, ${a.kind}, ${a.total.toString()}, ${(a.paidUsdt ?? 0n).toString()},
        ${a.unlockAt.toISOString()}, ${a.endAt.toISOString()}, ${a.ref})
      ON CONFLICT (ref) DO UPDATE SET ref = excluded.ref RETURNING id`),
  );
  return Number(r[0]?.id ?? 0);
}

export type AirdropView = {
  totalAllocation: bigint;
  personal: bigint;
  released: bigint;
  yesterday: bigint;
  today: bigint;
  unlockAt: Date | null;
  endAt: Date | null;
};

export async function airdropView(
  db: Executor,
  userId: number,
  kind: 'airdrop' | 'presale',
  now: Date,
): Promise<AirdropView> {
  const today = utcDay(now);
  const yesterday = utcDay(new Date(now.getTime() - DAY_MS));
  const [all] = rowsOf<{ s: string }>(
    await db.execute(
      sql`SELECT coalesce(sum(total), 0)::text AS s FROM token_allocations WHERE kind = ${kind}`,
    ),
  );
  const [mine] = rowsOf<{ total: string; released: string; unlock_at: string | null; end_at: string | null }>(
    await db.execute(sql`SELECT coalesce(sum(total), 0)::text AS total, coalesce(sum(released), 0)::text AS released,
      min(unlock_at) AS unlock_at, max(end_at) AS end_at
      FROM token_allocations WHERE user_id = ${userId} AND kind = ${kind}`),
  );
  // the release settled for day D is credited when D ends: "today" = the run for yesterday's close
  const [days] = rowsOf<{ t: string; y: string }>(
    await db.execute(sql`SELECT
      coalesce(sum(amount) FILTER (WHERE created_at::date = ${today}::date), 0)::text AS t,
      coalesce(sum(amount) FILTER (WHERE created_at::date = ${yesterday}::date), 0)::text AS y
      FROM allocation_unlocks WHERE user_id = ${userId} AND kind = ${kind}`),
  );
  return {
    totalAllocation: BigInt(all?.s ?? '0'),
    personal: BigInt(mine?.total ?? '0'),
    released: BigInt(mine?.released ?? '0'),
    today: BigInt(days?.t ?? '0'),
    yesterday: BigInt(days?.y ?? '0'),
    unlockAt: mine?.unlock_at ? new Date(mine.unlock_at) : null,
    endAt: mine?.end_at ? new Date(mine.end_at) : null,
  };
}

export type UnlockItem = { allocationId: number; kind: string; day: string; amount: bigint; time: Date };

export async function listUnlocks(
  db: Executor,
  userId: number,
  page: number,
  size: number,
  kind?: 'airdrop' | 'presale',
): Promise<{ list: UnlockItem[]; total: number }> {
  const where = kind ? sql`user_id = ${userId} AND kind = ${kind}` : sql`user_id = ${userId}`;
  const list = rowsOf<{
    allocation_id: number;
    kind: string;
    day: string;
    amount: string;
    created_at: string | Date;
  }>(
    await db.execute(sql`SELECT allocation_id, kind, day::text AS day, amount::text, created_at FROM allocation_unlocks
      WHERE ${where} ORDER BY day DESC, allocation_id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`),
  );
  const [c] = rowsOf<{ n: string | number }>(
    await db.execute(sql`SELECT count(*) AS n FROM allocation_unlocks WHERE ${where}`),
  );
  return {
    list: list.map((r) => ({
      allocationId: Number(r.allocation_id),
      kind: r.kind,
      day: r.day,
      amount: BigInt(r.amount),
      time: new Date(r.created_at),
    })),
    total: Number(c?.n ?? 0),
  };
}

export type QuotaView = {
  total: bigint;
  reserved: bigint;
  deducted: bigint;
  paymentAmount: bigint;
  presale: bigint;
  airdrop: bigint;
};

/** Quota: total allocation, still locked (reserved), released (deducted), USDT paid, per kind. */
export async function quotaOf(db: Executor, userId: number): Promise<QuotaView> {
  const [r] = rowsOf<{ total: string; released: string; paid: string; presale: string; airdrop: string }>(
    await db.execute(sql`SELECT coalesce(sum(total), 0)::text AS total, coalesce(sum(released), 0)::text AS released,
      coalesce(sum(paid_usdt), 0)::text AS paid,
      coalesce(sum(total) FILTER (WHERE kind = 'presale'), 0)::text AS presale,
      coalesce(sum(total) FILTER (WHERE kind = 'airdrop'), 0)::text AS airdrop
      FROM token_allocations WHERE user_id = ${userId}`),
  );
  const total = BigInt(r?.total ?? '0');
  const deducted = BigInt(r?.released ?? '0');
  return {
    total,
    reserved: total - deducted,
    deducted,
    paymentAmount: BigInt(r?.paid ?? '0'),
    presale: BigInt(r?.presale ?? '0'),
    airdrop: BigInt(r?.airdrop ?? '0'),
  };
}

/** What an allocation has released by `at`: linear from its unlock time to its end time. */
export const unlockTargetSql = (at: Date) => {
  const t = at.toISOString();
  return sql`CASE WHEN ${t}::timestamptz >= end_at THEN total
    ELSE div(total * floor(extract(epoch FROM (${t}::timestamptz - unlock_at)) * 1000),
      floor(extract(epoch FROM (end_at - unlock_at)) * 1000)) END`;
};

/** Airdrop and presale: linear release between unlock time and end time, up to the end of the day. */
export async function releaseUnlocks(
  tx: Tx,
  day: string,
  end: Date,
): Promise<{ rows: number; total: bigint }> {
  await tx.execute(sql`
    INSERT INTO allocation_unlocks (allocation_id, day, user_id, kind, amount)
    SELECT id, ${day}, user_id, kind, target - released FROM (
      SELECT id, user_id, kind, released, ${unlockTargetSql(end)} AS target
      FROM token_allocations WHERE released < total AND unlock_at < ${end.toISOString()}
    ) t WHERE target > released`);
  let rows = 0;
  let total = 0n;
  for (const [kind, account, ledgerKind] of [
    ['airdrop', 'airdrop', KIND.airdropUnlock],
    ['presale', 'wallet', KIND.presaleUnlock],
  ] as const) {
    const r = await bulkCredit(tx, {
      src: sql`SELECT user_id, amount, 'unlock:' || allocation_id || ':' || day::text AS tx_key,
          'A' || allocation_id AS ref
        FROM allocation_unlocks WHERE day = ${day} AND kind = ${kind}`,
      account,
      asset: 'FREE',
      kind: ledgerKind,
    });
    rows += r.rows;
    total += r.total;
  }
  await tx.execute(sql`UPDATE token_allocations a SET released = a.released + u.amount
    FROM allocation_unlocks u WHERE u.day = ${day} AND u.allocation_id = a.id`);
  return { rows, total };
}
