// The config answer's withdrawal limits: one object per coin, in token units (no maximum: null).
import type { WithdrawLimitsInfo } from '@free/protocol/api/common';
import type { WithdrawCoin } from '@free/protocol/api/wallet';
import { amt } from '../lib/format.ts';
import type { WithdrawLimits } from '../services/withdraw.ts';

export const toWithdrawLimitsView = (
  byCoin: Record<WithdrawCoin, WithdrawLimits>,
): Record<WithdrawCoin, WithdrawLimitsInfo> =>
  Object.fromEntries(
    Object.entries(byCoin).map(([coin, l]) => [
      coin,
      { min: amt(l.min), max: l.max === undefined ? null : amt(l.max) },
    ]),
  ) as Record<WithdrawCoin, WithdrawLimitsInfo>;
