// Ignition (docs/business-rules.md "Ignition"): burning the configured FREE amount marks the account ignited,
// once. The FREE leaves the wallet through the ledger and is recorded as a pending burn until an
// operator burns it on chain.
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../db/client.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { type BurnRecord, listBurnRecords, recordOffchainBurn } from './burn.ts';
import { defineCommand } from './command.ts';
import { KIND } from './income-kinds.ts';
import { getUserBalances, systemAccount, transfer, userAccount } from './ledger.ts';
import { forgetUser } from './session-cache.ts';
import { getSettings, isModuleOpen, usdtOfFree } from './settings.ts';
import { teamInfo } from './team.ts';

export type IgniteResult = { ignited: true; ignitedAt: Date; burned: bigint };

/** What the Ignite page shows: the user's ignition, what it costs, and the latest burn records. */
export type IgnitionState = {
  ignited: boolean;
  ignitedAt: Date | null;
  requiredFree: bigint;
  walletFree: bigint;
  open: boolean;
  burnedTotal: bigint;
  records: BurnRecord[];
};

export async function ignitionState(
  db: Executor,
  user: { id: number; ignited: boolean; ignitedAt: Date | null },
): Promise<IgnitionState> {
  const s = await getSettings(db);
  const b = await getUserBalances(db, user.id);
  const burns = await listBurnRecords(db, user.id, 1, 20);
  return {
    ignited: user.ignited,
    ignitedAt: user.ignitedAt,
    requiredFree: BigInt(s.ignition_free_wei),
    walletFree: b.wallet.FREE,
    open: isModuleOpen(s, 'ignition'),
    burnedTotal: burns.totalFree,
    records: burns.list,
  };
}

export type IgniteInput = { userId: number; idempotencyKey?: string | undefined; now: Date };

/** Ignites the account once; a retry with the same Idempotency-Key gets the first answer. */
export const ignite = defineCommand((a: IgniteInput) => ({
  module: 'ignition',
  userId: a.userId,
  route: 'ignition',
  idempotencyKey: a.idempotencyKey,
  parse: (s) => ({ required: BigInt(s.ignition_free_wei), money: s.product_money }),
  run: async (tx, { required, money }): Promise<IgniteResult> => {
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
    return { ignited: true, ignitedAt: a.now, burned: required };
  },
  // this process's cached sessions of the user show the ignition at once
  committed: () => forgetUser(a.userId),
}));
