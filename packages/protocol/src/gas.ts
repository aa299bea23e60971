// The gas limit a transaction is sent with: the node's estimate plus headroom, as wallets do.
// An estimate is made against the pending block; the transaction may land in a later second, and a
// Uniswap V2 pair writes its price accumulators only when a new second began (20,000 gas per slot
// the first time), so a payment or a stake that swaps can need more than its estimate and run out of
// gas. Seen on anvil: a payment estimated at 310,341 used all of it and reverted.

/** Headroom over the estimate, in percent. */
export const GAS_HEADROOM_PERCENT = 30n;

/** The gas limit to send for `estimate` (rounded up). */
export function withGasHeadroom(estimate: bigint): bigint {
  return (estimate * (100n + GAS_HEADROOM_PERCENT) + 99n) / 100n;
}
