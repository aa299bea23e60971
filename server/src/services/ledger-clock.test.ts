// Under the dev clock (`dev:advance`) the server's business day runs ahead of the database's clock:
// a ledger entry written without a time is dated by the business clock, so a pool collect made on
// the server's 29th is not listed on the 28th.
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, openTestDb } from '../../test/helpers.ts';
import { type DbHandle, setBusinessClock } from '../db/client.ts';
import { ledgerEntries, users } from '../db/schema/index.ts';
import { incomeInfo } from './income.ts';
import { systemAccount, transfer, userAccount } from './ledger.ts';
import { bulkCredit } from './settlement-ledger.ts';

// on both backends (test/support/test-db.ts BACKENDS): the database's own clock against the
// business clock
for (const backend of BACKENDS) {
  describe(`ledger dates on ${backend.name}`, () => {
    let db: DbHandle;
    // two days ahead of the database's own clock, as after `npm run dev:advance -- 2d`
    const ahead = new Date(Date.now() + 2 * 86_400_000);
    beforeAll(async () => {
      db = await openTestDb(backend.url);
      setBusinessClock(db.db, () => ahead);
    });
    afterAll(async () => {
      await db?.close();
    });

    it('dates a transfer and a bulk credit by the business clock, and counts them on its day', async () => {
      const [u] = await db.db
        .insert(users)
        .values({ address: `0x${'e'.repeat(40)}` })
        .returning();
      if (!u) throw new Error('no user');
      await db.transaction((tx) =>
        transfer(tx, {
          key: 'clock:collect',
          from: systemAccount('income'),
          to: userAccount(u.id, 'wallet'),
          asset: 'USDT',
          amount: 2n * U,
          kind: 'pool_income',
        }),
      );
      await db.transaction((tx) =>
        bulkCredit(tx, {
          src: sql`SELECT ${u.id}::int AS user_id, ${String(3n * U)}::numeric AS amount, 'clock:bulk' AS tx_key, NULL::text AS ref`,
          account: 'wallet',
          asset: 'USDT',
          kind: 'income_static',
        }),
      );
      const entries = await db.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, u.id));
      expect(entries).toHaveLength(2);
      for (const e of entries) expect(e.createdAt.toISOString()).toBe(ahead.toISOString());
      const income = await incomeInfo(db.db, u.id, ahead);
      expect(income.list.find((k) => k.kind === 'total')?.today.USDT).toBe(5n * U);
    });
  });
}
