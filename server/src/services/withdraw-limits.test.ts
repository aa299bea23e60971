// Withdrawal limits: the maximum per withdrawal, the daily caps of a user and of the platform, and
// the review threshold with the operator's approve (→ queued) and reject (→ refunded once, reason
// shown to the user), each refusal coded and changing nothing.
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND, openTestDb } from '../../test/helpers.ts';
import type { DbHandle } from '../db/client.ts';
import { ledgerEntries, opsLog, users } from '../db/schema/index.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { runOps } from '../ops/commands.ts';
import { toWithdrawalView } from '../views/wallet.ts';
import { getBalance, systemAccount, transfer, userAccount } from './ledger.ts';
import { seedSettings, writeSetting } from './settings.ts';
import { applyWithdrawal, listWithdrawals, type Withdrawal } from './withdraw.ts';

for (const backend of BACKEND) {
  describe(backend.name, () => {
    let db: DbHandle;
    const day1 = new Date('2027-03-10T09:00:00Z');
    const day2 = new Date('2027-03-11T00:00:01Z');
    // the last two cases on days of their own, with the platform's allowance untouched
    const day3 = new Date('2027-03-12T10:00:00Z');
    const day4 = new Date('2027-03-13T10:00:00Z');
    let seq = 0;

    const newUser = async (fund: bigint) => {
      const address = `0x${(++seq).toString(16).padStart(40, 'c')}`;
      const [u] = await db.db.insert(users).values({ address }).returning();
      if (!u) throw new Error('no user');
      if (fund === 0n) return { id: u.id, address };
      await db.transaction((tx) =>
        transfer(tx, {
          key: `limits-fund:${u.id}`,
          from: systemAccount('adjust'),
          to: userAccount(u.id),
          asset: 'USDT',
          amount: fund,
          kind: 'adjust',
        }),
      );
      return { id: u.id, address };
    };
    const withdraw = (u: { id: number; address: string }, amount: string, now = day1) =>
      applyWithdrawal(db, { userId: u.id, userAddress: u.address, amount, coin: 'USDT', now });
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => 'accepted',
        (err: unknown) => (err instanceof AppError ? err.errorCode : err),
      );
    const wallet = (id: number) => getBalance(db.db, userAccount(id), 'USDT');
    const ops = (...argv: string[]) => runOps(argv, { db, actor: 'test', now: () => day1 });

    beforeAll(async () => {
      db = await openTestDb(backend.url);
      await seedSettings(db.db);
      await writeSetting(db.db, 'withdraw_max_wei', String(100n * U));
      await writeSetting(db.db, 'withdraw_user_daily_wei', String(150n * U));
      await writeSetting(db.db, 'withdraw_platform_daily_wei', String(250n * U));
      await writeSetting(db.db, 'withdraw_review_above_wei', String(50n * U));
    });
    afterAll(async () => {
      await db?.close();
    });

    it('allows at most the amount maximum, 1000 U, by default (AmountTooLarge above it)', async () => {
      const fresh = await openTestDb(backend.url);
      try {
        await seedSettings(fresh.db);
        const [u] = await fresh.db
          .insert(users)
          .values({ address: `0x${'d'.repeat(40)}` })
          .returning();
        if (!u) throw new Error('no user');
        await fresh.transaction((tx) =>
          transfer(tx, {
            key: `default-max-fund:${u.id}`,
            from: systemAccount('adjust'),
            to: userAccount(u.id),
            asset: 'USDT',
            amount: 3000n * U,
            kind: 'adjust',
          }),
        );
        const take = (amount: string) =>
          applyWithdrawal(fresh, { userId: u.id, userAddress: u.address, amount, coin: 'USDT', now: day1 });
        expect(await refusal(take('1000.000000000000000001'))).toBe(ErrorCode.AmountTooLarge);
        expect(await getBalance(fresh.db, userAccount(u.id), 'USDT')).toBe(3000n * U);
        expect((await take('1000')).amount).toBe(1000n * U);
      } finally {
        await fresh.close();
      }
    });

    describe('withdrawal limits', () => {
      it('refuses one withdrawal above the maximum with AboveMaximum, debiting nothing', async () => {
        const u = await newUser(1000n * U);
        expect(await refusal(withdraw(u, '100.000000000000000001'))).toBe(ErrorCode.AboveMaximum);
        expect(await wallet(u.id)).toBe(1000n * U);
        expect((await withdraw(u, '100')).state).toBe('review');
      });

      it('caps a user per UTC day and the platform per UTC day; a rejected one frees its share', async () => {
        await db.db.execute(sql`DELETE FROM withdrawals`);
        const a = await newUser(1000n * U);
        const b = await newUser(1000n * U);
        const c = await newUser(1000n * U);
        expect((await withdraw(a, '40')).state).toBe('queued');
        const big = await withdraw(a, '60');
        expect(big.state).toBe('review');
        expect(await refusal(withdraw(a, '51'))).toBe(ErrorCode.WithdrawDailyLimit);
        expect(await wallet(a.id)).toBe(900n * U);
        // the next UTC day starts a new allowance
        expect((await withdraw(a, '50', day2)).state).toBe('queued');

        await withdraw(b, '100');
        await withdraw(b, '49');
        // platform today: 40 + 60 + 100 + 49 = 249 of 250
        expect(await refusal(withdraw(c, '2'))).toBe(ErrorCode.WithdrawPlatformLimit);
        expect(await wallet(c.id)).toBe(1000n * U);

        expect(
          await ops('withdrawals:reject', String(big.id), '--reason', 'please verify your identity'),
        ).toMatchObject({
          ok: true,
        });
        expect((await withdraw(c, '2')).state).toBe('queued');
      });

      it('reviews by the day: the withdrawal that takes the user past the threshold today waits', async () => {
        const day = new Date('2027-03-20T10:00:00Z');
        const u = await newUser(500n * U);
        // 25 + 25 = 50: at the threshold, not above it
        expect((await withdraw(u, '25', day)).state).toBe('queued');
        expect((await withdraw(u, '25', day)).state).toBe('queued');
        // 70 today: above 50, although this one alone is well below it
        expect((await withdraw(u, '20', day)).state).toBe('review');
        expect((await withdraw(u, '20', day)).state).toBe('review');
        // another user's day is their own
        const other = await newUser(500n * U);
        expect((await withdraw(other, '50', day)).state).toBe('queued');
        // a new UTC day starts over
        expect((await withdraw(u, '30', new Date('2027-03-21T00:00:00Z'))).state).toBe('queued');
      });

      it('an operator rejects a withdrawal in review once: refunded, reason shown, logged', async () => {
        const u = await newUser(500n * U);
        const w = await withdraw(u, '80', day3);
        expect(w.state).toBe('review');
        expect(await wallet(u.id)).toBe(420n * U);
        expect(await ops('withdrawals:reject', String(w.id))).toMatchObject({
          ok: false,
          error: expect.stringContaining('reason'),
        });
        expect(await ops('withdrawals:reject', String(w.id), '--reason', 'address on a watch list')).toEqual({
          ok: true,
          result: { id: w.id, state: 'refunded', reason: 'address on a watch list' },
        });
        expect(await wallet(u.id)).toBe(500n * U);
        expect(await ops('withdrawals:reject', String(w.id), '--reason', 'again')).toMatchObject({
          ok: false,
          error: expect.stringContaining('refunded'),
        });
        expect(await ops('withdrawals:approve', String(w.id))).toMatchObject({ ok: false });
        expect(await wallet(u.id)).toBe(500n * U);
        const refunds = await db.db
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.txKey, `withdraw_refund:${w.id}`), eq(ledgerEntries.side, 'credit')));
        expect(refunds.map((r) => r.amount)).toEqual([80n * U]);
        const [log] = await db.db.select().from(opsLog).orderBy(desc(opsLog.id)).limit(1);
        expect(log).toMatchObject({ command: 'withdrawals:approve', ok: false, actor: 'test' });
        const mine = await listWithdrawals(db.db, u.id, 1, 20);
        expect(toWithdrawalView(mine.list[0] as Withdrawal)).toMatchObject({
          id: w.id,
          state: 'refunded',
          pending: false,
          rejectReason: 'address on a watch list',
        });
      });

      it('an operator approves a withdrawal in review: it is queued for the payout worker', async () => {
        const u = await newUser(500n * U);
        const w = await withdraw(u, '70', day4);
        expect(await ops('withdrawals:list', '--state', 'review')).toMatchObject({
          ok: true,
          result: expect.arrayContaining([expect.objectContaining({ id: w.id, state: 'review' })]),
        });
        expect(await ops('withdrawals:approve', String(w.id))).toEqual({
          ok: true,
          result: { id: w.id, state: 'queued', approved: true },
        });
        expect(await ops('withdrawals:approve', String(w.id))).toMatchObject({
          ok: false,
          error: expect.stringContaining('queued'),
        });
        const [after] = (await listWithdrawals(db.db, u.id, 1, 20)).list;
        expect(toWithdrawalView(after as Withdrawal)).toMatchObject({
          state: 'queued',
          pending: true,
          rejectReason: null,
        });
        expect(await wallet(u.id)).toBe(430n * U);
      });
    });

    describe('FREE from the airdrop balance', () => {
      const day5 = new Date('2027-03-14T10:00:00Z');
      const fundFree = async (userId: number, amount: bigint) =>
        db.transaction((tx) =>
          transfer(tx, {
            key: `limits-free:${userId}`,
            from: systemAccount('income'),
            to: userAccount(userId, 'airdrop'),
            asset: 'FREE',
            amount,
            kind: 'airdrop_unlock',
          }),
        );
      const withdrawFree = (u: { id: number; address: string }, amount: string) =>
        applyWithdrawal(db, { userId: u.id, userAddress: u.address, amount, coin: 'FREE', now: day5 });
      const airdrop = (id: number) => getBalance(db.db, userAccount(id, 'airdrop'), 'FREE');

      it('debits the airdrop balance with its own limits and caps, apart from USDT', async () => {
        await writeSetting(db.db, 'free_withdraw_min_wei', String(20n * U));
        await writeSetting(db.db, 'free_withdraw_max_wei', String(300n * U));
        await writeSetting(db.db, 'free_withdraw_user_daily_wei', String(400n * U));
        await writeSetting(db.db, 'free_withdraw_review_above_wei', String(250n * U));
        await writeSetting(db.db, 'free_withdraw_platform_daily_wei', null);
        const u = await newUser(1000n * U);
        await fundFree(u.id, 1000n * U);
        // the USDT limits (maximum 100, review above 50) do not apply to FREE
        expect(await refusal(withdrawFree(u, '19'))).toBe(ErrorCode.BelowMinimum);
        expect(await refusal(withdrawFree(u, '301'))).toBe(ErrorCode.AboveMaximum);
        const w = await withdrawFree(u, '200');
        expect(w).toMatchObject({ asset: 'FREE', amount: 200n * U, state: 'queued' });
        expect(await airdrop(u.id)).toBe(800n * U);
        expect(await wallet(u.id)).toBe(1000n * U);
        // 400 FREE today: above the review threshold of 250 (by the day, not by the withdrawal)
        expect((await withdrawFree(u, '200')).state).toBe('review');
        expect(await refusal(withdrawFree(u, '20'))).toBe(ErrorCode.WithdrawDailyLimit);
        expect(await airdrop(u.id)).toBe(600n * U);
        // the FREE withdrawn today does not use up the USDT cap of 150
        expect((await withdraw(u, '50', day5)).state).toBe('queued');
      });

      it('refuses more FREE than the airdrop balance holds (the wallet FREE does not count)', async () => {
        const u = await newUser(0n);
        await fundFree(u.id, 30n * U);
        await db.transaction((tx) =>
          transfer(tx, {
            key: `limits-free-wallet:${u.id}`,
            from: systemAccount('adjust'),
            to: userAccount(u.id),
            asset: 'FREE',
            amount: 500n * U,
            kind: 'adjust',
          }),
        );
        expect(await refusal(withdrawFree(u, '31'))).toBe(ErrorCode.InsufficientFree);
        expect(await airdrop(u.id)).toBe(30n * U);
      });

      it('a rejected FREE withdrawal goes back to the airdrop balance', async () => {
        const u = await newUser(0n);
        await fundFree(u.id, 600n * U);
        const w = await withdrawFree(u, '260');
        expect(w.state).toBe('review');
        expect(await ops('withdrawals:reject', String(w.id), '--reason', 'check')).toMatchObject({
          ok: true,
        });
        expect(await airdrop(u.id)).toBe(600n * U);
        expect(await getBalance(db.db, userAccount(u.id), 'FREE')).toBe(0n);
      });
    });
  });
}
