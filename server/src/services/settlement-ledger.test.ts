// The set-based ledger moves keep the ledger's rules: pairs under unique keys, replays skipped,
// cached balances moved, no user balance below zero (the whole batch is refused instead).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bal, fund, makeUsers, snapshot, U } from '../../test/support/staking-orders-fixtures.ts';
import { openTestDb } from '../../test/support/test-db.ts';
import type { DbHandle } from '../db/client.ts';
import { getBalance, systemAccount } from './ledger.ts';
import { bulkCredit, bulkDebitToSystem } from './settlement-ledger.ts';

let db: DbHandle;
let a: number;
let b: number;

beforeAll(async () => {
  db = await openTestDb('memory://');
  [a = 0, b = 0] = await makeUsers(db.db, 2, 'bulk');
});
afterAll(async () => db.close());

const src = (rows: [number, bigint, string][]) =>
  sql.join(
    rows.map(
      ([u, amt, key]) =>
        sql`SELECT ${u}::int AS user_id, ${amt.toString()}::numeric AS amount, ${key}::text AS tx_key, NULL::text AS ref`,
    ),
    sql` UNION ALL `,
  );

describe('bulkCredit / bulkDebitToSystem', () => {
  it('credits every row once; a replayed key pays nothing', async () => {
    const rows: [number, bigint, string][] = [
      [a, 5n * U, 'bulk:1'],
      [b, 7n * U, 'bulk:2'],
      [a, 0n, 'bulk:zero'],
    ];
    const first = await db.transaction((tx) =>
      bulkCredit(tx, { src: src(rows), account: 'wallet', asset: 'USDT', kind: 'income_static' }),
    );
    expect(first).toEqual({ rows: 2, total: 12n * U });
    const again = await db.transaction((tx) =>
      bulkCredit(tx, { src: src(rows), account: 'wallet', asset: 'USDT', kind: 'income_static' }),
    );
    expect(again).toEqual({ rows: 0, total: 0n });
    expect(await bal(db, a)).toBe(5n * U);
    expect(await bal(db, b)).toBe(7n * U);
    expect(await getBalance(db.db, systemAccount('income'), 'USDT')).toBe(-12n * U);
  });

  it('debits into a cached system account, and refuses the whole batch when one user would go negative', async () => {
    await fund(db, a, 10n * U, 'USDT', 'asset');
    await fund(db, b, 1n * U, 'USDT', 'asset');
    const ok = await db.transaction((tx) =>
      bulkDebitToSystem(tx, {
        src: src([[a, 4n * U, 'debit:1']]),
        account: 'asset',
        asset: 'USDT',
        kind: 'compute_contribution',
        to: 'fees',
      }),
    );
    expect(ok.total).toBe(4n * U);
    expect(await bal(db, a, 'USDT', 'asset')).toBe(6n * U);
    expect(await getBalance(db.db, systemAccount('fees'), 'USDT')).toBe(4n * U);

    const before = await snapshot(db);
    await expect(
      db.transaction((tx) =>
        bulkDebitToSystem(tx, {
          src: src([
            [a, 1n * U, 'debit:2'],
            [b, 2n * U, 'debit:3'],
          ]),
          account: 'asset',
          asset: 'USDT',
          kind: 'compute_contribution',
          to: 'fees',
        }),
      ),
    ).rejects.toMatchObject({ errorCode: 1004 });
    expect(await snapshot(db)).toEqual(before);
  });
});
