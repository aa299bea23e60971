// Ledger kinds written by staking orders, settlement, ignition and unlocks. The income kinds are
// the ones /api/user/income_info sums (protocol api INCOME_KINDS): keep the names identical.
import type { LedgerKind } from '@free/protocol/api/ledger-kinds';
import type { IncomeKind } from '@free/protocol/api/user';

export const KIND = {
  /** daily staking reward of balance orders (and the rest of it at redemption) */
  static: 'income_static',
  /** generation rewards on descendants' static income, ignited accounts only */
  dynamic: 'income_dynamic',
  airdropUnlock: 'airdrop_unlock',
  presaleUnlock: 'presale_unlock',
  /** the chain pool's daily income, into the contributor's mining pool balance */
  poolIncome: 'pool_income',
  /** the mining pool balance moved to the wallet by its owner */
  poolCollect: 'pool_collect',
  /** principal moved from the wallet into the staked (asset) account */
  stakePrincipal: 'stake_balance',
  /** fee of a balance stake (its FREE equivalent is recorded as a pending burn) */
  stakeFee: 'stake_fee',
  /** principal returned at redemption */
  stakeRedeem: 'stake_redeem',
  /** market-maker bonus in FCC, credited at maturity */
  mmBonus: 'mm_bonus_fcc',
  /** every third renewal: 20 % of principal + income turned into computing power */
  computeContribution: 'compute_contribution',
  ignition: 'ignition',
  /** FOMO round payout (FREE) to the last participants */
  fomoPayout: 'fomo_payout',
} as const satisfies Record<string, LedgerKind>;

// a compile-time check: the kinds above that income_info shows are income kinds
void ([
  KIND.static,
  KIND.dynamic,
  KIND.airdropUnlock,
  KIND.presaleUnlock,
  KIND.poolIncome,
] as const satisfies readonly IncomeKind[]);
