// Test fixtures of the money domains (staking orders, settlement, allocations, burns, FOMO,
// hashrate): balances credited through the ledger and read back, users made directly, and a
// row-count snapshot of every table these domains write.
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { sql } from 'drizzle-orm';
import type { DbHandle, Executor } from '../../src/db/client.ts';
import { rowsOf } from '../../src/db/client.ts';
import {
  type Asset,
  getBalance,
  systemAccount,
  transfer,
  type UserAccountName,
  userAccount,
} from '../../src/services/ledger.ts';
import { authHeaders, BASE_HEADERS, snapshot as coreSnapshot } from '../helpers.ts';

export { U };

let fundSeq = 0;
export async function fund(
  db: DbHandle,
  userId: number,
  amount: bigint,
  asset: Asset = 'USDT',
  account: UserAccountName = 'wallet',
): Promise<void> {
  await db.transaction((tx) =>
    transfer(tx, {
      key: `test-fund:${userId}:${++fundSeq}:${Date.now()}`,
      from: systemAccount('adjust'),
      to: userAccount(userId, account),
      asset,
      amount,
      kind: 'adjust',
    }),
  );
}

export const bal = (
  db: DbHandle,
  userId: number,
  asset: Asset = 'USDT',
  account: UserAccountName = 'wallet',
) => getBalance(db.db, userAccount(userId, account), asset);

/** Creates users directly (services-level tests). */
export async function makeUsers(db: Executor, n: number, prefix = 'u'): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const addr = `0x${Buffer.from(`${prefix}${i}-${Math.random()}`).toString('hex').padEnd(40, '0').slice(0, 40)}`;
    const [r] = rowsOf<{ id: number }>(
      await db.execute(sql`INSERT INTO users (address) VALUES (${addr.toLowerCase()}) RETURNING id`),
    );
    if (r) ids.push(Number(r.id));
  }
  return ids;
}

const MONEY_TABLES = [
  'stake_orders',
  'settlement_runs',
  'settlement_holds',
  'settlement_accruals',
  'token_allocations',
  'allocation_unlocks',
  'product_burns',
  'fomo_flows',
  'fomo_participants',
  'hashrate_grants',
];

/** Row counts of the core tables and of every money-domain table, plus the balance sum. */
export async function snapshot(db: DbHandle): Promise<Record<string, number | string>> {
  const out: Record<string, number | string> = { ...(await coreSnapshot(db)) };
  for (const t of MONEY_TABLES) {
    const [r] = rowsOf<{ n: string | number }>(
      await db.db.execute(sql.raw(`SELECT count(*) AS n FROM "${t}"`)),
    );
    out[t] = Number(r?.n ?? 0);
  }
  const [s] = rowsOf<{ s: string }>(
    await db.db.execute(sql`SELECT coalesce(sum(amount), 0)::text AS s FROM balances`),
  );
  out.balance_sum_exact = s?.s ?? '0';
  return out;
}

export { authHeaders, BASE_HEADERS };
