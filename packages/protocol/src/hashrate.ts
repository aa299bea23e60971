// Hashrate as people read it: H/s scaled by thousands to kH/s, MH/s, … so that 1,000,000 H/s
// reads 1 MH/s (docs/business-rules.md "One hashrate unit"). The API sends H/s as a decimal string.
import { formatAmount, isAmountError, parseAmount, type Wei } from './amount.ts';

/** SI symbols, the same in every language (the number around them follows the reader's locale). */
export const HASHRATE_UNITS = ['H/s', 'kH/s', 'MH/s', 'GH/s', 'TH/s', 'PH/s', 'EH/s'] as const;
export type HashrateUnit = (typeof HASHRATE_UNITS)[number];

/** H/s in 1e18 fixed point (wei-like) → the largest unit whose value is at least 1, and that value. */
export function scaleHashrate(hs: Wei): { value: Wei; unit: HashrateUnit } {
  let value = hs;
  let step = 0;
  const abs = (v: Wei) => (v < 0n ? -v : v);
  while (step < HASHRATE_UNITS.length - 1 && abs(value) >= 1000n * 10n ** 18n) {
    value /= 1000n; // toward zero, like every figure shown
    step += 1;
  }
  return { value, unit: HASHRATE_UNITS[step] ?? 'H/s' };
}

/** "1.52 kH/s" in the reader's number format (at most 2 decimals, rounded down); null if unreadable. */
export function formatHashrate(text: string, locale = 'en'): string | null {
  const hs = parseAmount(text.trim());
  if (isAmountError(hs)) return null;
  const { value, unit } = scaleHashrate(hs);
  return `${formatAmount(value, { locale, maxFraction: 2 })} ${unit}`;
}
