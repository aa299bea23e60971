// Market colours follow the reader (docs/business-rules.md "Languages and screens"): green up / red down, except red up in Chinese markets.
import type { LanguageCode } from './languages.ts';

export type MarketColor = 'green' | 'red';

export interface MarketColors {
  up: MarketColor;
  down: MarketColor;
}

/** Mainland, Taiwan and Hong Kong quote rises in red: zh-Hans and zh-Hant readers get red up. */
export function marketColors(lang: LanguageCode | string): MarketColors {
  return lang === 'zh-Hans' || lang === 'zh-Hant'
    ? { up: 'red', down: 'green' }
    : { up: 'green', down: 'red' };
}

/** The colour of a change (e.g. a 24 h change): null when it is zero, not a number, or empty. */
export function changeColor(
  change: number | bigint | string,
  lang: LanguageCode | string,
): MarketColor | null {
  const sign =
    typeof change === 'bigint' ? (change > 0n ? 1 : change < 0n ? -1 : 0) : Math.sign(Number(change));
  if (!sign) return null;
  const colors = marketColors(lang);
  return sign > 0 ? colors.up : colors.down;
}
