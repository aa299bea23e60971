// The withdrawal state is plain text that the database checks: every state protocol's
// WITHDRAW_STATES names is stored, anything else is refused whoever writes the row (a state added
// to protocol without its migration fails here).
import { WITHDRAW_STATES } from '@free/protocol/withdraw';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BACKENDS, createUsers, openTestDb } from '../../test/support/test-db.ts';
import { type DbHandle, rows } from './client.ts';

const insert = (h: DbHandle, userId: number, state: string) =>
  h.db.execute(sql`INSERT INTO withdrawals (user_id, asset, amount, to_address, state, ledger_key)
    VALUES (${userId}, 'USDT', 1, ${`0x${'2'.repeat(40)}`}, ${state}, ${`state-test:${state}`})`);

/** The database's refusal (drizzle wraps it as the cause of its own error), or null when stored. */
async function refusal(write: Promise<unknown>): Promise<string | null> {
  try {
    await write;
    return null;
  } catch (err) {
    return String((err as { cause?: unknown }).cause ?? err);
  }
}

// on both backends (test/support/test-db.ts BACKENDS): a constraint the database itself enforces
describe.each(BACKENDS)('the withdrawal state on $name', ({ url }) => {
  it('stores every state protocol names and refuses any other', async () => {
    const h = await openTestDb(url);
    try {
      const [userId = 0] = await createUsers(h, 1);
      for (const state of WITHDRAW_STATES) await insert(h, userId, state);
      for (const state of ['paid', 'Queued', ''])
        expect(await refusal(insert(h, userId, state)), state).toMatch(/withdrawals_state_known/);
      const [stored] = await rows<{ n: number }>(
        h.db,
        sql`SELECT count(*)::int AS n FROM withdrawals WHERE user_id = ${userId}`,
      );
      expect(stored?.n).toBe(WITHDRAW_STATES.length);
    } finally {
      await h.close();
    }
  });
});
