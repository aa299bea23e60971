// "Total assets" of the profile: every off-chain balance of the user valued in USDT at the current
// quotes. One rule, computed where it is shown (web) and documented in docs/business-rules.md.
import { isAmountError, parseAmount, WEI_PER_UNIT, type Wei } from './amount.ts';

type PerAsset = { USDT: string; FREE: string; FCC: string };
/** The profile's off-chain accounts (wallet, airdrop, pool, asset), amounts as decimal strings. */
export type AccountBalances = Record<string, PerAsset>;
/** USDT per one FREE / FCC (decimal strings), as the quotes give them; undefined = no quote. */
export type AssetPrices = { FREE?: string | undefined; FCC?: string | undefined };

const wei = (text: string | undefined): Wei | null => {
  if (text === undefined) return null;
  const v = parseAmount(text);
  return isAmountError(v) || v < 0n ? null : v;
};

/**
 * Sum over every account of USDT + FREE × FREE price + FCC × FCC price, in USDT wei (each product
 * rounded down). Null when a token the user holds has no usable quote (the figure would be wrong,
 * not just low) or a balance is unreadable. A token the user does not hold needs no quote.
 */
export function totalAssetsUsdt(balances: AccountBalances, prices: AssetPrices): Wei | null {
  const sums = { USDT: 0n, FREE: 0n, FCC: 0n };
  for (const account of Object.values(balances)) {
    for (const token of ['USDT', 'FREE', 'FCC'] as const) {
      const v = wei(account[token]);
      if (v === null) return null;
      sums[token] += v;
    }
  }
  let total = sums.USDT;
  for (const token of ['FREE', 'FCC'] as const) {
    if (sums[token] === 0n) continue;
    const price = wei(prices[token]);
    if (price === null) return null;
    total += (sums[token] * price) / WEI_PER_UNIT;
  }
  return total;
}
