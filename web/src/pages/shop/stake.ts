// The stake preview and the on-chain bookkeeping of the Market Maker tab, as plain functions:
// protocol rules (fee split, compound interest, maturity) plus the slippage bound the user sees.
import { compoundInterest, maturityOf, splitStakeAmount } from '@free/protocol/staking';

/** The slippage the app accepts on the fee swap USDT→FREE, in basis points (shown to the user). */
export const SLIPPAGE_BPS = 100;

export interface CycleTerms {
  index: number;
  days: number;
  ratePpm: number;
  feeBps: number;
}

export interface StakePreview {
  fee: bigint;
  principal: bigint;
  maxInterest: bigint;
  /** what the user gets back at maturity: principal + interest */
  payout: bigint;
  maturity: Date;
}

export function stakePreview(amount: bigint, cycle: CycleTerms, now: Date): StakePreview {
  const { fee, principal } = splitStakeAmount(amount, cycle.feeBps);
  const maxInterest = compoundInterest(principal, cycle.ratePpm, cycle.days);
  return {
    fee,
    principal,
    maxInterest,
    payout: principal + maxInterest,
    maturity: maturityOf(now, cycle.days),
  };
}

/** The swap's minimum FREE out: the router's quote less the slippage, rounded down. */
export function minOutOf(quote: bigint, slippageBps = SLIPPAGE_BPS): bigint {
  return (quote * BigInt(10_000 - slippageBps)) / 10_000n;
}

/** The contract refuses a stake whose maximum payout exceeds the unreserved reserve. */
export function reserveCovers(preview: Pick<StakePreview, 'maxInterest'>, availableReserve: bigint): boolean {
  return preview.maxInterest <= availableReserve;
}

export interface ChainRecord {
  index: number;
  stakeTime: bigint;
  amount: bigint;
  redeemed: boolean;
  stakeIndex: number;
}

/**
 * The on-chain stake call for the terms the user was shown: the cycle's fee and rate go along as the
 * highest fee and lowest rate accepted, so an owner's `setCycle` mined first makes the stake revert
 * (StakeTermsChanged) instead of giving worse terms. With an inviter signature: stakeWithInviter.
 */
export function stakeCall(
  amount: bigint,
  minOut: bigint,
  shown: Pick<CycleTerms, 'index' | 'feeBps' | 'ratePpm'>,
  ref?: { parents: readonly `0x${string}`[]; message: `0x${string}`; signature: `0x${string}` },
) {
  const terms = [amount, minOut, shown.index, shown.feeBps, shown.ratePpm] as const;
  return ref
    ? ({
        functionName: 'stakeWithInviter',
        args: [...terms, ref.parents, ref.message, ref.signature],
      } as const)
    : ({ functionName: 'stake', args: terms } as const);
}
