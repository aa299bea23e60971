// Burn records: FREE burned on chain (mirrored by the indexer into burn_records) and FREE burned
// off chain (ignition, balance-stake fees, chain-pool burns: pending until the burn job's
// transaction for them is final, jobs/burn.ts).
import { sql } from 'drizzle-orm';
import type { Hex } from 'viem';
import type { Executor, Tx } from '../db/client.ts';
import { rowsOf, sqlList } from '../db/client.ts';
import { TX_IN_FLIGHT, TX_OPEN } from '../db/schema/index.ts';

/** A burn record's type: off chain (recorded here) or `payment` (on chain, from the indexer). */
type BurnType = 'ignition' | 'stake_fee' | 'pool_burn' | 'payment';

export async function recordOffchainBurn(
  tx: Executor,
  b: {
    userId: number;
    type: Exclude<BurnType, 'payment'>;
    level: number;
    free: bigint;
    usdt: bigint;
    ref: string;
  },
): Promise<void> {
  await tx.execute(sql`INSERT INTO product_burns (user_id, type, level, free_amount, usdt_amount, ref)
    VALUES (${b.userId}, ${b.type}, ${b.level}, ${b.free.toString()}, ${b.usdt.toString()}, ${b.ref})
    ON CONFLICT (ref) DO NOTHING`);
}

export type BurnRecord = {
  id: string;
  type: string;
  level: number;
  quantity: bigint;
  usdt: bigint;
  pending: boolean;
  onChain: boolean;
  txHash: string | null;
  time: Date;
};

type Row = {
  id: string;
  type: string;
  level: number;
  free: string;
  usdt: string;
  status: string;
  on_chain: boolean;
  tx_hash: string | null;
  created_at: string | Date;
};

const union = (userId: number) => sql`
  SELECT 'p' || id AS id, type, level, free_amount::text AS free, usdt_amount::text AS usdt, status, false AS on_chain,
    tx_hash, created_at FROM product_burns WHERE user_id = ${userId}
  UNION ALL
  SELECT 'c' || id, source, 0, free_amount::text, usdt_amount::text, status, true, tx_hash, created_at
    FROM burn_records WHERE user_id = ${userId}`;

export async function listBurnRecords(
  db: Executor,
  userId: number,
  page: number,
  size: number,
): Promise<{ list: BurnRecord[]; total: number; totalFree: bigint }> {
  const list = rowsOf<Row>(
    await db.execute(
      sql`SELECT * FROM (${union(userId)}) b ORDER BY created_at DESC, id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`,
    ),
  );
  const [agg] = rowsOf<{ n: string | number; s: string }>(
    await db.execute(
      sql`SELECT count(*) AS n, coalesce(sum(free::numeric), 0)::text AS s FROM (${union(userId)}) b`,
    ),
  );
  return {
    list: list.map((r) => ({
      id: r.id,
      type: r.type,
      level: Number(r.level),
      quantity: BigInt(r.free),
      usdt: BigInt(r.usdt),
      pending: r.status === 'pending',
      onChain: r.on_chain,
      txHash: r.tx_hash,
      time: new Date(r.created_at),
    })),
    total: Number(agg?.n ?? 0),
    totalFree: BigInt(agg?.s ?? '0'),
  };
}

/**
 * Marks off-chain burns as burned on chain by `txHash` (an operator who burned their FREE by hand;
 * the burn job does this itself): the given ids, or every pending one not in a burn job's batch. Returns how many changed; confirmed rows never change again.
 */
export async function confirmOffchainBurns(
  db: Executor,
  a: { txHash: string; ids?: number[] },
): Promise<number> {
  if (!/^0x[0-9a-fA-F]{64}$/.test(a.txHash)) throw new Error('txHash must be a 32-byte hex hash');
  const only =
    a.ids && a.ids.length > 0
      ? sql`AND id IN (${sql.join(
          a.ids.map((id) => sql`${id}::bigint`),
          sql`, `,
        )})`
      : sql``;
  return rowsOf(
    await db.execute(sql`UPDATE product_burns SET status = 'confirmed', tx_hash = ${a.txHash.toLowerCase()}
      WHERE status = 'pending' AND batch_id IS NULL ${only} RETURNING id`),
  ).length;
}

/** Moves a burn batch from one of `from` to `to`; false when another pass moved it first. */
async function moveBatch(
  tx: Tx,
  id: number,
  from: string[],
  to: string,
  failReason?: string,
): Promise<boolean> {
  const moved = rowsOf(
    await tx.execute(sql`UPDATE burn_batches SET state = ${to}, fail_reason = COALESCE(${failReason ?? null}, fail_reason),
        updated_at = now()
      WHERE id = ${id} AND state IN ${sqlList(from)} RETURNING id`),
  );
  return moved.length > 0;
}

/**
 * The burn batch's side of its hot-wallet transaction (jobs/hot-wallet.ts): its burns show the
 * current transaction's hash, become confirmed with it, or go back to the next batch when it
 * failed. An unresolved batch keeps its burns: they may have been burned.
 */
export const burnBatchOwner = {
  signed: async (tx: Tx, id: number, v: { hash: Hex }) => {
    await tx.execute(
      sql`UPDATE product_burns SET tx_hash = ${v.hash} WHERE batch_id = ${id} AND status = 'pending'`,
    );
  },
  sent: async (tx: Tx, id: number) => {
    await moveBatch(tx, id, ['signed'], 'broadcast');
  },
  confirmed: async (tx: Tx, id: number, v: { hash: Hex }) => {
    if (!(await moveBatch(tx, id, [...TX_OPEN], 'confirmed'))) return undefined;
    await tx.execute(
      sql`UPDATE product_burns SET status = 'confirmed', tx_hash = ${v.hash} WHERE batch_id = ${id}`,
    );
    return undefined;
  },
  // the outbox's error log is the alert: a burn batch has no operator view
  atFeeCeiling: async () => {},
  failed: async (tx: Tx, id: number, reason: string) => {
    if (!(await moveBatch(tx, id, [...TX_OPEN], 'failed', reason.slice(0, 500)))) return;
    await tx.execute(
      sql`UPDATE product_burns SET batch_id = NULL, tx_hash = NULL WHERE batch_id = ${id} AND status = 'pending'`,
    );
  },
  unresolved: async (tx: Tx, id: number, reason: string) => {
    await moveBatch(tx, id, [...TX_IN_FLIGHT], 'unresolved', reason.slice(0, 500));
  },
};
