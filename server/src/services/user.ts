// The signed-in user's own figures: the profile (GET /api/user) and the staking limits that apply
// to them (GET /api/user/staking_limit_info), as domain values (views/user.ts makes the answers).
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { SessionUserRow } from './auth.ts';
import { type Asset, getUserBalances, type UserAccountName } from './ledger.ts';
import { turnover30d } from './market-maker.ts';
import { quotedPrice } from './quotes.ts';
import type { ReadCache } from './read-cache.ts';
import { getSettings, isModuleOpen, type Settings } from './settings.ts';
import { investmentLimitsOf, stakeFreePrice } from './staking-orders.ts';
import { cachedTeamInfo, type TeamInfo } from './team.ts';

export type UserBalances = Record<UserAccountName, Record<Asset, bigint>>;

export type UserProfile = {
  user: SessionUserRow;
  /** the inviter's address, null without one */
  inviter: string | null;
  team: TeamInfo;
  balances: UserBalances;
};

/** The profile: the inviter, the team figures and the balances (both from the per-process cache). */
export async function userProfile(
  db: Executor,
  reads: ReadCache,
  me: SessionUserRow,
  now: Date,
): Promise<UserProfile> {
  // independent reads: on PostgreSQL they run side by side on the pool
  const [[inviter], team, balances] = await Promise.all([
    me.inviterId
      ? db.select({ address: users.address }).from(users).where(eq(users.id, me.inviterId))
      : Promise.resolve([]),
    cachedTeamInfo(db, reads, me.id, now),
    reads.balances(me.id, () => getUserBalances(db, me.id)),
  ]);
  return { user: me, inviter: inviter?.address ?? null, team, balances };
}

export type StakingLimits = {
  minAmount: bigint;
  maxAmount: bigint;
  minInvestmentFree: bigint;
  maxInvestment: bigint;
  /** the amount limits narrowed by the minimum (FREE) and maximum investment */
  minStake: bigint;
  maxStake: bigint;
  cycles: Settings['cycles'];
  walletUsdt: bigint;
  walletFree: bigint;
  stakingUseBalanceOpen: boolean;
  /** USDT the user staked in the last 30 days */
  marketMakerTurnover: bigint;
};

export async function stakingLimits(db: Executor, userId: number, now: Date): Promise<StakingLimits> {
  const s = await getSettings(db);
  const b = await getUserBalances(db, userId);
  // the minimum investment (FREE) valued at the price a stake itself uses
  const limits = investmentLimitsOf(s, stakeFreePrice(s, await quotedPrice(db, 'FREE')));
  return {
    minAmount: BigInt(s.min_amount_wei),
    maxAmount: BigInt(s.max_amount_wei),
    minInvestmentFree: BigInt(s.min_investment_free_wei),
    maxInvestment: BigInt(s.max_investment_wei),
    minStake: limits.min,
    maxStake: limits.max,
    cycles: s.cycles,
    walletUsdt: b.wallet.USDT,
    walletFree: b.wallet.FREE,
    stakingUseBalanceOpen: isModuleOpen(s, 'staking_use_balance'),
    marketMakerTurnover: await turnover30d(db, userId, now),
  };
}
