// Ignition (docs/business-rules.md "Ignition"): burning the configured FREE amount marks the account ignited,
// once. The FREE leaves the wallet through the ledger and is recorded as a pending burn until an
// operator burns it on chain.
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { recordOffchainBurn } from './burn.ts';
import { runCommand } from './command.ts';
import { KIND } from './income-kinds.ts';
import { systemAccount, transfer, userAccount } from './ledger.ts';
import { forgetUser } from './session-cache.ts';
import { usdtOfFree } from './settings.ts';
import { teamInfo } from './team.ts';

export type IgniteResult = { ignited: true; ignitedAt: Date; burned: bigint };

export async function ignite(handle: DbHandle, a: { userId: number; now: Date }): Promise<IgniteResult> {
  const result = await runCommand(handle, {
    module: 'ignition',
    userId: a.userId,
    route: 'ignition',
    parse: (s) => ({ required: BigInt(s.ignition_free_wei), money: s.product_money }),
    run: async (tx, { required, money }) => {
      // The row lock makes a double tap wait, then see the account ignited.
      const [u] = rowsOf<{ ignited: boolean }>(
        await tx.execute(sql`SELECT ignited FROM users WHERE id = ${a.userId} FOR UPDATE`),
      );
      if (!u) throw new AppError(ErrorCode.Unauthorized);
      if (u.ignited) throw new AppError(ErrorCode.AlreadyIgnited);
      if (required > 0n) {
        try {
          await transfer(tx, {
            key: `ignition:${a.userId}`,
            from: userAccount(a.userId, 'wallet'),
            to: systemAccount('fees'),
            asset: 'FREE',
            amount: required,
            kind: KIND.ignition,
            ref: 'ignition',
          });
        } catch (err) {
          // the ledger's FREE refusal, naming this form's field
          if (err instanceof AppError && err.errorCode === ErrorCode.InsufficientFree)
            throw new AppError(ErrorCode.InsufficientFree, 'free');
          throw err;
        }
        const level = (await teamInfo(tx, a.userId, a.now)).level;
        await recordOffchainBurn(tx, {
          userId: a.userId,
          type: 'ignition',
          level,
          free: required,
          usdt: usdtOfFree(money, required),
          ref: `ignition:${a.userId}`,
        });
      }
      await tx.execute(
        sql`UPDATE users SET ignited = true, ignited_at = ${a.now.toISOString()} WHERE id = ${a.userId} AND NOT ignited`,
      );
      return { ignited: true, ignitedAt: a.now, burned: required } as const;
    },
  });
  // after the commit: this process's cached sessions of the user show the ignition at once
  forgetUser(a.userId);
  return result;
}
