// Which withdrawals are still owed: reconciliation (ledgerOwed) and the burn job (owedWithdrawalTotal,
// the FREE it keeps back) count the same ones, whatever their state. One FREE withdrawal per state,
// each a distinct power of two of wei, so a sum tells which states were counted.
import { WITHDRAW_OWED_STATES, WITHDRAW_STATES } from '@free/protocol/withdraw';
import { sql } from 'drizzle-orm';
import type { PublicClient } from 'viem';
import { describe, expect, it } from 'vitest';
import { BACKEND, createUsers, openTestDb } from '../../test/support/test-db.ts';
import { ledgerOwed } from './reconcile.ts';
import { owedWithdrawalTotal } from './withdraw.ts';

/** No withdrawal here has a transaction hash, so reconciliation never asks the chain. */
const noChain = new Proxy({} as PublicClient, {
  get: () => {
    throw new Error('reconciliation asked the chain');
  },
});

const amountOf = (i: number) => 2n ** BigInt(i);

describe.each(BACKEND)('owed withdrawals on $name', ({ url }) => {
  it('reconciliation and the burn job count the same withdrawals, in every state', async () => {
    const h = await openTestDb(url);
    try {
      const [userId] = await createUsers(h, 1);
      const reconciledBefore = (await ledgerOwed(h.db, noChain)).FREE;
      const keptBefore = await owedWithdrawalTotal(h.db, 'FREE');
      for (const [i, state] of WITHDRAW_STATES.entries()) {
        await h.db.execute(sql`INSERT INTO withdrawals (user_id, asset, amount, to_address, state, ledger_key)
          VALUES (${userId}, 'FREE', ${amountOf(i).toString()}, ${`0x${'1'.repeat(40)}`}, ${state}, ${`owed-test:${state}`})`);
      }
      const reconciled = (await ledgerOwed(h.db, noChain)).FREE - reconciledBefore;
      const kept = (await owedWithdrawalTotal(h.db, 'FREE')) - keptBefore;
      expect(reconciled).toBe(kept);
      const owed = WITHDRAW_STATES.reduce(
        (sum, state, i) =>
          (WITHDRAW_OWED_STATES as readonly string[]).includes(state) ? sum + amountOf(i) : sum,
        0n,
      );
      expect(kept).toBe(owed);
    } finally {
      await h.close();
    }
  });
});
