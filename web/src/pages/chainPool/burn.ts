// What a contribution burns: burn_bps of its USDT value, paid in FREE at the FREE price (rounded
// up like the server's freeForValue, so the shown figure is never below what is charged).
import { WEI_PER_UNIT as U } from '@free/protocol/amount';

export function burnOf(amountWei: bigint, burnBps: number, freePriceWei: bigint | null) {
  const value = (amountWei * BigInt(burnBps)) / 10_000n;
  const free = freePriceWei && freePriceWei > 0n ? (value * U + freePriceWei - 1n) / freePriceWei : null;
  return { value, free };
}
