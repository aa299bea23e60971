// Every kind of ledger movement the server writes: the ledger accepts only these, the flow-record
// filter (/api/user/finance) offers them, and the web labels each (`kind.<name>`).
import { z } from 'zod';

/** Income kinds the ledger books: a credit of one of these is income that moved a balance. */
export const BOOKED_INCOME_KINDS = [
  'income_dynamic',
  'income_static',
  'airdrop_exclusive',
  'airdrop_unlock',
  'presale_unlock',
  'hlb_static',
  'hlb_dynamic',
  'pool_income',
] as const;

/**
 * Income kinds worked out from other records, never a ledger entry: personal income (a part of the
 * total), airdrop and presale earnings (a valuation of the unlocks) and slippage profit (paid on
 * chain by Payment). The flow records cannot list them, so their filter does not offer them.
 */
export const DERIVED_INCOME_KINDS = [
  'income_personal',
  'airdrop_earnings',
  'presale_earnings',
  'slippage_profit',
] as const;

type IncomeListKind = (typeof BOOKED_INCOME_KINDS)[number] | (typeof DERIVED_INCOME_KINDS)[number];

/**
 * The income kinds, in display order (docs/business-rules.md "Income kinds"): /api/user/income_info
 * answers each of these.
 */
export const INCOME_LIST_KINDS = [
  'income_personal',
  'income_dynamic',
  'income_static',
  'airdrop_exclusive',
  'airdrop_unlock',
  'airdrop_earnings',
  'presale_unlock',
  'presale_earnings',
  'slippage_profit',
  'hlb_static',
  'hlb_dynamic',
  'pool_income',
] as const satisfies readonly IncomeListKind[];

export const LEDGER_KINDS = [
  // wallet
  'recharge',
  'withdraw',
  'withdraw_refund',
  // staking with the balance
  'stake_balance',
  'stake_fee',
  'stake_redeem',
  'compute_contribution',
  'mm_bonus_fcc',
  ...BOOKED_INCOME_KINDS,
  'fcc_bonus',
  // product modules
  'ignition',
  'fomo_payout',
  'pool_contribute',
  'pool_burn',
  'pool_collect',
  'round_bet',
  'round_payout',
  'round_refund',
  'hlb_subscribe',
  'hlb_redeem',
  'machine_buy',
  'shop_pay',
  'shop_refund',
  'presale_buy',
  // operators
  'adjust',
] as const;
export const ledgerKind = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof ledgerKind>;
