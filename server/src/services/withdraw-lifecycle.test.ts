// The withdrawal lifecycle: every change of state goes through moveWithdrawal, which allows exactly
// the moves of protocol's WITHDRAW_TRANSITIONS and changes nothing otherwise.
import { WITHDRAW_STATES, type WithdrawState } from '@free/protocol/api/wallet';
import { WITHDRAW_TRANSITIONS } from '@free/protocol/withdraw';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND, openTestDb } from '../../test/helpers.ts';
import { fund } from '../../test/support/staking-orders-fixtures.ts';
import type { DbHandle } from '../db/client.ts';
import { users, withdrawals } from '../db/schema/index.ts';
import { getBalance, userAccount } from './ledger.ts';
import { seedSettings } from './settings.ts';
import { applyWithdrawal, approveWithdrawal, moveWithdrawal, rejectWithdrawal } from './withdraw.ts';

for (const backend of BACKEND) {
  describe(`withdrawal lifecycle on ${backend.name}`, () => {
    let db: DbHandle;
    let userId: number;
    const now = new Date('2027-04-01T10:00:00Z');

    beforeAll(async () => {
      db = await openTestDb(backend.url);
      await seedSettings(db.db);
      const [u] = await db.db
        .insert(users)
        .values({ address: `0x${'d'.repeat(40)}` })
        .returning();
      userId = u?.id as number;
      await fund(db, userId, 1000n * 10n ** 18n);
    }, 60_000);
    afterAll(async () => {
      await db?.close();
    });

    const withdrawalIn = async (state: WithdrawState) => {
      const w = await applyWithdrawal(db, {
        userId,
        userAddress: `0x${'d'.repeat(40)}`,
        amount: '10',
        coin: 'USDT',
        now,
      });
      // the test puts it in `state` directly: the move under test is the only one made through the service
      await db.db.update(withdrawals).set({ state }).where(eq(withdrawals.id, w.id));
      return w.id;
    };
    const stateOf = async (id: number) =>
      (await db.db.select({ s: withdrawals.state }).from(withdrawals).where(eq(withdrawals.id, id)))[0]?.s;

    it('moves a withdrawal only along WITHDRAW_TRANSITIONS; any other move changes nothing', async () => {
      for (const from of WITHDRAW_STATES) {
        for (const to of WITHDRAW_STATES) {
          const id = await withdrawalIn(from);
          const moved = await db.transaction((tx) => moveWithdrawal(tx, id, to, { now }));
          const allowed = WITHDRAW_TRANSITIONS[from].includes(to);
          expect(moved?.state ?? null, `${from} → ${to}`).toBe(allowed ? to : null);
          expect(await stateOf(id), `${from} → ${to}`).toBe(allowed ? to : from);
        }
      }
    }, 120_000);

    it('never refunds or re-queues a confirmed, refunded, signed or broadcast withdrawal through the operator', async () => {
      for (const state of ['confirmed', 'refunded', 'signed', 'broadcast'] as const) {
        const id = await withdrawalIn(state);
        const before = await getBalance(db.db, userAccount(userId), 'USDT');
        await expect(rejectWithdrawal(db, id, 'no', now)).rejects.toThrow(new RegExp(`is ${state}`));
        await expect(approveWithdrawal(db, id, now)).rejects.toThrow(new RegExp(`is ${state}`));
        expect(await stateOf(id)).toBe(state);
        expect(await getBalance(db.db, userAccount(userId), 'USDT')).toBe(before);
      }
    }, 60_000);
  });
}
