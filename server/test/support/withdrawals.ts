// A queued USDT withdrawal as the withdraw service leaves it, for the payout, restore, rotation,
// reconcile and RPC-failover tests: a user funded with `funded` USDT asks to withdraw `amount` (debit
// + queue in one transaction).
import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { type DbHandle, rows } from '../../src/db/client.ts';
import { systemAccount, transfer, userAccount } from '../../src/services/ledger.ts';

export async function queueUsdtWithdrawal(
  h: DbHandle,
  to: Address,
  amount: bigint,
  funded = amount,
): Promise<{ id: number; userId: number; to: Address }> {
  return h.transaction(async (tx) => {
    await tx.execute(
      sql`INSERT INTO users (address) VALUES (${to.toLowerCase()}) ON CONFLICT (address) DO NOTHING`,
    );
    const [u] = await rows<{ id: number }>(tx, sql`SELECT id FROM users WHERE address = ${to.toLowerCase()}`);
    const userId = Number(u?.id);
    const key = `test-withdrawal:${userId}:${amount}:${Math.random()}`;
    await transfer(tx, {
      key: `${key}:in`,
      from: systemAccount('recharge'),
      to: userAccount(userId),
      asset: 'USDT',
      amount: funded,
      kind: 'recharge',
    });
    await transfer(tx, {
      key: `${key}:out`,
      from: userAccount(userId),
      to: systemAccount('payout'),
      asset: 'USDT',
      amount,
      kind: 'withdraw',
    });
    const [w] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO withdrawals (user_id, asset, amount, to_address, ledger_key)
          VALUES (${userId}, 'USDT', ${amount.toString()}, ${to}, ${`${key}:out`}) RETURNING id`,
    );
    return { id: Number(w?.id), userId, to };
  });
}
