// Every user entry carries its place in the user's history (`seq` 1, 2, 3… in id order, no gap),
// whichever path books it (transfer, the settlement's bulk moves, replays, refusals, races), so
// that finance page N is a seq range: the same rows as following the cursors, at any depth.
import { ErrorCode } from '@free/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, openTestDb } from '../../test/helpers.ts';
import { migrationJournal, statements, useRawDb } from '../../test/support/raw-migrations.ts';
import { makeUsers, U } from '../../test/support/staking-orders-fixtures.ts';
import { type DbHandle, rowsOf } from '../db/client.ts';
import { entriesOf, systemAccount, type TransferInput, transfer, userAccount } from './ledger.ts';
import { bulkCredit } from './settlement-ledger.ts';

/** The user's entries in id order with their seqs, and the counter's last value. */
async function history(db: DbHandle, userId: number) {
  const seqs = rowsOf<{ seq: string | number | null }>(
    await db.db.execute(sql`SELECT seq FROM ledger_entries WHERE user_id = ${userId} ORDER BY id`),
  ).map((r) => (r.seq === null ? null : Number(r.seq)));
  const [c] = rowsOf<{ last: string | number }>(
    await db.db.execute(sql`SELECT last FROM ledger_seqs WHERE user_id = ${userId}`),
  );
  return { seqs, last: c ? Number(c.last) : 0 };
}
const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

// on both backends (test/support/test-db.ts BACKENDS): a migration, and the seq counter under
// racing transactions (serialised by PGlite's one connection, real locks on PostgreSQL)
describe.each(BACKENDS)('ledger seq on $name', ({ url }) => {
  let db: DbHandle;
  let a: number;
  let b: number;
  const move = (m: Partial<TransferInput> & { key: string }) =>
    db.transaction((tx) =>
      transfer(tx, {
        from: systemAccount('adjust'),
        to: userAccount(a),
        asset: 'USDT',
        amount: U,
        kind: 'adjust',
        ...m,
      }),
    );

  beforeAll(async () => {
    db = await openTestDb(url);
    [a = 0, b = 0] = await makeUsers(db.db, 2, 'seq');
  });
  afterAll(async () => db.close());

  it('numbers every entry of a user 1…n in id order through every kind of transfer, with no gap', async () => {
    await move({ key: 'seq:1', amount: 10n * U }); // system → a
    await move({ key: 'seq:2', from: userAccount(a), to: userAccount(a, 'asset') }); // both sides a
    await move({ key: 'seq:3', from: userAccount(a), to: userAccount(b) }); // a → b
    await move({ key: 'seq:4', from: userAccount(a), to: systemAccount('fees'), kind: 'stake_fee' }); // cached system
    await move({ key: 'seq:5', from: systemAccount('fees'), to: userAccount(b), kind: 'round_payout' });
    // a replay (plain and through the cached system account) and a refusal take no seq
    expect((await move({ key: 'seq:1', amount: 10n * U })).replayed).toBe(true);
    expect(
      (await move({ key: 'seq:4', from: userAccount(a), to: systemAccount('fees'), kind: 'stake_fee' }))
        .replayed,
    ).toBe(true);
    await expect(move({ key: 'seq:6', from: userAccount(b), amount: 1000n * U })).rejects.toMatchObject({
      errorCode: ErrorCode.InsufficientBalance,
    });
    await expect(move({ key: 'seq:2', amount: 2n * U })).rejects.toMatchObject({
      errorCode: ErrorCode.IdempotencyConflict,
    });
    expect(await history(db, a)).toEqual({ seqs: oneToN(5), last: 5 });
    expect(await history(db, b)).toEqual({ seqs: oneToN(2), last: 2 });
  });

  it('gives concurrent transfers of one user distinct seqs with no gap, and a raced key one pair', async () => {
    const [c = 0] = await makeUsers(db.db, 1, 'seq-race');
    const moves = Array.from({ length: 20 }, (_, i) => move({ key: `race:${i}`, to: userAccount(c) }));
    const same = Array.from({ length: 5 }, () => move({ key: 'race:same', to: userAccount(c) }));
    const done = await Promise.all([...moves, ...same]);
    expect(done.filter((r) => !r.replayed)).toHaveLength(21);
    expect(await history(db, c)).toEqual({ seqs: oneToN(21), last: 21 });
  });

  it('continues the seqs in the settlement bulk moves and skips a key already booked', async () => {
    const [d = 0, e = 0] = await makeUsers(db.db, 2, 'seq-bulk');
    await move({ key: 'bulk-seq:pre', to: userAccount(d) });
    const rows: [number, bigint, string][] = [
      [d, U, 'bulk-seq:1'],
      [e, U, 'bulk-seq:2'],
      [d, 2n * U, 'bulk-seq:3'],
      [d, U, 'bulk-seq:pre'], // booked above: skipped, takes no seq
    ];
    const src = sql.join(
      rows.map(
        ([u, amt, key]) =>
          sql`SELECT ${u}::int AS user_id, ${amt.toString()}::numeric AS amount, ${key}::text AS tx_key, NULL::text AS ref`,
      ),
      sql` UNION ALL `,
    );
    const paid = await db.transaction((tx) =>
      bulkCredit(tx, { src, account: 'wallet', asset: 'USDT', kind: 'income_static' }),
    );
    expect(paid.rows).toBe(3);
    expect(await history(db, d)).toEqual({ seqs: oneToN(3), last: 3 });
    expect(await history(db, e)).toEqual({ seqs: oneToN(1), last: 1 });
    await move({ key: 'bulk-seq:after', to: userAccount(d) });
    expect(await history(db, d)).toEqual({ seqs: oneToN(4), last: 4 });
  });

  it('answers page N by number with the rows the cursors reach, at any depth', async () => {
    const [f = 0] = await makeUsers(db.db, 1, 'seq-pages');
    for (let i = 0; i < 47; i++)
      await move({ key: `page:${i}`, to: userAccount(f), kind: i % 3 === 0 ? 'recharge' : 'adjust' });
    const size = 5;
    let cursor: number | undefined;
    for (let page = 1; page <= 10; page++) {
      const byNumber = await entriesOf(db.db, f, {}, page, size);
      const byCursor = await entriesOf(db.db, f, {}, page, size, cursor);
      expect(byNumber).toEqual(byCursor);
      expect(byNumber.list).toHaveLength(page < 10 ? size : 2);
      expect(byNumber.hasMore).toBe(page < 10);
      cursor = byNumber.nextCursor === null ? undefined : Number(byNumber.nextCursor);
    }
    expect((await entriesOf(db.db, f, {}, 11, size)).list).toEqual([]);
    // newest first, the time the entry's own to the millisecond, the amount in wei
    const first = (await entriesOf(db.db, f, {}, 1, 2)).list;
    expect(first[0]?.id).toBeGreaterThan(first[1]?.id ?? Infinity);
    const [stored] = rowsOf<{ ms: string }>(
      await db.db.execute(
        sql`SELECT floor(extract(epoch FROM created_at) * 1000)::bigint::text AS ms FROM ledger_entries WHERE id = ${first[0]?.id ?? 0}`,
      ),
    );
    expect(first[0]?.time).toBeInstanceOf(Date);
    expect(first[0]?.time.getTime()).toBe(Number(stored?.ms));
    expect(first[0]).toMatchObject({ account: 'wallet', asset: 'USDT', amount: U });
    // a filtered list pages by number and by cursor alike
    const kindPage2 = await entriesOf(db.db, f, { kind: 'recharge' }, 2, 4);
    const kindPage1 = await entriesOf(db.db, f, { kind: 'recharge' }, 1, 4);
    expect(kindPage2).toEqual({
      ...(await entriesOf(db.db, f, { kind: 'recharge' }, 2, 4, Number(kindPage1.nextCursor))),
    });
    expect(kindPage2.list.every((x) => x.kind === 'recharge')).toBe(true);
  });
});

describe.each(BACKENDS)('migration 0005 on $name', ({ url }) => {
  const entries = migrationJournal();
  const { run } = useRawDb(url);

  it('numbers the entries written before it, per user in id order, and sets the counters', async () => {
    const before = entries.filter((e) => e.tag < '0006');
    for (const e of before) for (const s of statements(e.tag)) await run(s);
    await run(`INSERT INTO users (address) VALUES ('0x${'1'.repeat(40)}'), ('0x${'2'.repeat(40)}')`);
    const ids = (await run('SELECT id FROM users ORDER BY id')).rows.map((r) => Number(r.id));
    const [u1, u2] = ids;
    // entries of u1, u2, u1, u1, u2 (each with its system side)
    for (const [i, u] of [u1, u2, u1, u1, u2].entries()) {
      await run(`INSERT INTO ledger_entries (tx_key, side, user_id, account, asset, amount, kind)
        VALUES ('m:${i}', 'debit', NULL, 'system:adjust', 'USDT', -1, 'adjust'),
               ('m:${i}', 'credit', ${u}, 'wallet', 'USDT', 1, 'adjust')`);
    }
    for (const s of statements('0006_ledger_seq')) await run(s);
    const seqs = (await run('SELECT user_id, seq FROM ledger_entries ORDER BY id')).rows.map((r) => [
      r.user_id === null ? null : Number(r.user_id),
      r.seq === null ? null : Number(r.seq),
    ]);
    expect(seqs).toEqual([
      [null, null],
      [u1, 1],
      [null, null],
      [u2, 1],
      [null, null],
      [u1, 2],
      [null, null],
      [u1, 3],
      [null, null],
      [u2, 2],
    ]);
    const counters = (await run('SELECT user_id, last FROM ledger_seqs ORDER BY user_id')).rows.map((r) => [
      Number(r.user_id),
      Number(r.last),
    ]);
    expect(counters).toEqual([
      [u1, 3],
      [u2, 2],
    ]);
  });
});
