// Every kind of ledger movement the server writes: the ledger accepts only these, the flow-record
// filter (/api/user/finance) offers them, and the web labels each (`kind.<name>`).
import { z } from 'zod';

/**
 * The income kinds, in display order (docs/business-rules.md "Income kinds"): /api/user/income_info
 * sums each of these.
 */
export const INCOME_LEDGER_KINDS = [
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
] as const;

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
  ...INCOME_LEDGER_KINDS,
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
