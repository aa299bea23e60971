// How a recharge payment splits, exactly as Payment.payment computes it: the burn share and the
// executor reward (returned to the payer on chain) are taken from what arrives; the rest reaches the
// treasury, and only that rest is credited to the user's wallet.

const BPS = 10_000n;

export type RechargeSplit = { burned: bigint; executorReward: bigint; credit: bigint };

/** The split of `received` wei under `burnBps` and `executorRewardBps` (each rounded down). */
export function rechargeSplit(
  received: bigint,
  burnBps: number | bigint,
  executorRewardBps: number | bigint,
): RechargeSplit {
  if (received < 0n) throw new RangeError('received must not be negative');
  const burned = (received * BigInt(burnBps)) / BPS;
  const executorReward = (received * BigInt(executorRewardBps)) / BPS;
  if (burned + executorReward > received) throw new RangeError('burn and reward exceed the amount');
  return { burned, executorReward, credit: received - burned - executorReward };
}

/**
 * The wallet credit of a paid order: what reached the treasury (`paid - burned - executorReward`,
 * as the `Paid` event reports them), never more than the order's amount, never negative.
 */
export function rechargeCredit(
  orderAmount: bigint,
  paid: { amount: bigint; burned: bigint; executorReward: bigint },
): bigint {
  const net = paid.amount - paid.burned - paid.executorReward;
  if (net <= 0n) return 0n;
  return net < orderAmount ? net : orderAmount;
}

/**
 * Whether a pending recharge order is past its deadline (`endTime`, the last second Payment accepts
 * it, in seconds) at `nowMs`: the server lists it as expired and the web stops offering to pay it.
 */
export const rechargeExpired = (endTimeSec: number, nowMs: number): boolean => endTimeSec * 1000 < nowMs;
