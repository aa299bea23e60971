// Amounts for display (docs/business-rules.md "Amounts"): the locale's grouping, decimal mark and
// digits, rounded down. Apart from amount.ts (which re-exports it) and free of imports: index.html's
// inline shell script (web/src/shell/) formats the figures it draws with it.

/** Fraction digits shown at most per asset (docs/business-rules.md "Amounts"). */
export const DISPLAY_FRACTION = { USDT: 2, FREE: 4, FCC: 4 } as const;

interface LocaleFormat {
  nf: Intl.NumberFormat;
  decimal: string;
  digits: string[];
  negativeTemplate: Intl.NumberFormatPart[];
}
const localeFormats = new Map<string, LocaleFormat>();

export function localeFormat(locale: string): LocaleFormat {
  let f = localeFormats.get(locale);
  if (!f) {
    let nf: Intl.NumberFormat;
    try {
      nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    } catch {
      return localeFormat('en');
    }
    const withFraction = new Intl.NumberFormat(locale, { minimumFractionDigits: 1 });
    f = {
      nf,
      decimal: withFraction.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.',
      // The locale's own digits (e.g. Arabic-Indic), so the fraction matches the integer part.
      digits: Array.from({ length: 10 }, (_, d) => nf.format(d)),
      negativeTemplate: nf.formatToParts(-1),
    };
    localeFormats.set(locale, f);
  }
  return f;
}

export interface FormatAmountOptions {
  decimals?: number;
  /** Fraction digits shown at most (4 for FREE/FCC, 2 for USDT: docs/business-rules.md "Amounts"). */
  maxFraction?: number;
  /** Fraction digits always shown (zero-padded), e.g. 2 for '1.50'. */
  minFraction?: number;
  /** BCP 47 tag: grouping, decimal mark and digits follow it. */
  locale?: string;
}

/**
 * Formats wei for display, rounding toward zero (never show more than is owned),
 * with the locale's grouping, decimal mark, digits and minus sign. The integer part goes
 * through Intl as a bigint and the fraction is cut from the wei digits, so no float is involved.
 */
export function formatAmount(wei: bigint, opts: FormatAmountOptions = {}): string {
  const { decimals = 18, maxFraction = 4, locale = 'en' } = opts;
  const minFraction = Math.min(opts.minFraction ?? 0, maxFraction);
  const f = localeFormat(locale);
  const abs = wei < 0n ? -wei : wei;
  const base = 10n ** BigInt(decimals);
  const shown = Math.min(maxFraction, decimals);
  let fraction = decimals > 0 ? (abs % base).toString().padStart(decimals, '0').slice(0, shown) : '';
  fraction = fraction.replace(/0+$/, '').padEnd(minFraction, '0');
  const integerText = f.nf.format(abs / base);
  const fractionText = [...fraction].map((d) => f.digits[Number(d)]).join('');
  const number = fractionText ? `${integerText}${f.decimal}${fractionText}` : integerText;
  // A value that rounds to zero is shown as zero, without a minus sign.
  if (wei >= 0n || /^0*$/.test((abs / base).toString() + fraction)) return number;
  let placed = false;
  return f.negativeTemplate
    .map((p) => {
      if (p.type !== 'integer') return p.value;
      if (placed) return '';
      placed = true;
      return number;
    })
    .join('');
}

/**
 * An amount as the API sends it in JSON (a plain decimal string, '1500.25'), formatted as
 * formatAmount does; null for anything else.
 */
export function formatAmountText(text: string, opts: FormatAmountOptions = {}): string | null {
  const decimals = opts.decimals ?? 18;
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  const fraction = (m?.[2] ?? '').replace(/0+$/, '');
  if (!m || fraction.length > decimals) return null;
  return formatAmount(BigInt(m[1] + fraction.padEnd(decimals, '0')), opts);
}
