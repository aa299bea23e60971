// Amount rules (docs/business-rules.md "Amounts"): input cleaning, exact parsing to wei, round-down display, and limits.
// Money is `bigint` wei everywhere; no function here converts through a JS number.
import { localeFormat } from './amount-format.ts';
import { ErrorCode } from './envelope.ts';

export { type FormatAmountOptions, formatAmount } from './amount-format.ts';

export type Wei = bigint;

export const WEI_PER_UNIT = 10n ** 18n;
/** An amount cannot be below 1 U (docs/business-rules.md "Amounts"). */
/** @alias */
export const MIN_AMOUNT_WEI: Wei = WEI_PER_UNIT;
/** An amount cannot exceed 1000 U. */
export const MAX_AMOUNT_WEI: Wei = 1000n * WEI_PER_UNIT;
/** A recharge cannot exceed 1000 (USDT). */
export const MAX_RECHARGE_WEI: Wei = 1000n * WEI_PER_UNIT;
/** Largest value a uint256 / numeric(78,0) column holds; anything above is refused as invalid. */
export const MAX_UINT256 = 2n ** 256n - 1n;

// Digits typed on Arabic, Persian, Devanagari, Thai and full-width (CJK IME) keyboards.
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966, 0x0e50, 0xff10];
// Decimal points that are never grouping marks: ASCII, full-width, Arabic, and the CJK full stop
// that Chinese IMEs type for '.'.
const DECIMAL_POINTS = new Set(['.', '．', '٫', '。']);
const MINUS_SIGNS = new Set(['-', '−', '－']);

function asciiDigit(ch: string): string | null {
  if (ch >= '0' && ch <= '9') return ch;
  const cp = ch.codePointAt(0) ?? 0;
  for (const zero of DIGIT_ZEROS) if (cp >= zero && cp <= zero + 9) return String(cp - zero);
  return null;
}

/** The decimal mark of a locale ('.' or ','), falling back to '.' for an unknown locale. */
export function decimalMark(locale: string): string {
  return localeFormat(locale).decimal;
}

/**
 * Cleans what the user typed into an amount field (packages/protocol/README.md), keeping it typeable:
 * - native digits (Arabic-Indic, Devanagari, Thai, full-width) become ASCII digits;
 * - a leading minus sign (after spaces) makes the whole value negative, which gives '';
 * - every other non-numeric character is removed (so '1e5' → '15', '+5' → '5');
 * - the FIRST decimal point is kept and later ones are dropped, joining the digits around
 *   them: '1.2.3' → '1.23', '1..2' → '1.2';
 * - ',' counts as a decimal point only when the locale writes decimals with a comma (ru, id, vi),
 *   otherwise it is a grouping mark and removed: en '1,000' → '1000', ru '1,5' → '1.5';
 * - a leading point gets a zero ('.5' → '0.5', '.' → '0.'); redundant leading zeros go
 *   ('007' → '7', '00.5' → '0.5'); a trailing point and trailing zeros stay ('1.' and '1.50'
 *   are half-typed numbers);
 * - no digit at all (NaN) gives '';
 * - with `maxDecimals`, extra fraction digits are cut as they are typed.
 */
export function cleanAmountInput(text: string, opts: { locale?: string; maxDecimals?: number } = {}): string {
  const input = String(text ?? '').trimStart();
  if (MINUS_SIGNS.has(input.charAt(0))) return '';
  const commaIsDecimal = opts.locale !== undefined && decimalMark(opts.locale) === ',';
  let whole = '';
  let fraction: string | null = null;
  for (const ch of input) {
    const digit = asciiDigit(ch);
    if (digit !== null) {
      if (fraction === null) whole += digit;
      else fraction += digit;
    } else if ((DECIMAL_POINTS.has(ch) || (commaIsDecimal && ch === ',')) && fraction === null) {
      fraction = '';
    }
  }
  if (whole === '' && fraction === null) return '';
  whole = whole.replace(/^0+(?=\d)/, '') || '0';
  if (fraction === null || opts.maxDecimals === 0) return whole;
  if (opts.maxDecimals !== undefined) fraction = fraction.slice(0, Math.max(0, opts.maxDecimals));
  return `${whole}.${fraction}`;
}

export type AmountErrorKind = 'empty' | 'invalid' | 'tooPrecise';

/** Why a text is not an amount; `code` is what to show when the caller has nothing better. */
export interface AmountError {
  kind: AmountErrorKind;
  code: ErrorCode;
}

const amountError = (kind: AmountErrorKind): AmountError => ({
  kind,
  code: kind === 'tooPrecise' ? ErrorCode.AmountTooPrecise : ErrorCode.InvalidAmount,
});

export function isAmountError(value: unknown): value is AmountError {
  return typeof value === 'object' && value !== null && 'kind' in value && 'code' in value;
}

/**
 * Parses a plain decimal string ('12', '12.5', '0.', '.5'; surrounding spaces allowed) into
 * wei. Strict on purpose, because the server uses it on request bodies: no sign, exponent,
 * grouping or localized digits (clean user input with `cleanAmountInput` first). More fraction
 * digits than `decimals` is an error, never a silent rounding; above uint256 is invalid.
 */
export function parseAmount(text: string, decimals = 18): Wei | AmountError {
  const s = typeof text === 'string' ? text.trim() : '';
  if (s === '') return amountError('empty');
  const m = /^(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[1] === '' && !m[2])) return amountError('invalid');
  const whole = m[1] ?? '';
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return amountError('tooPrecise');
  const wei = BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  return wei > MAX_UINT256 ? amountError('invalid') : wei;
}

/** Exact decimal string of a wei value ('12.5', '-0.001', '3'): the JSON form of an amount. */
export function toDecimalString(wei: Wei, decimals = 18): string {
  const negative = wei < 0n;
  const abs = negative ? -wei : wei;
  const base = 10n ** BigInt(decimals);
  const fraction = decimals > 0 ? (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '') : '';
  const text = (abs / base).toString() + (fraction ? `.${fraction}` : '');
  return negative ? `-${text}` : text;
}

export type AmountKind = 'recharge' | 'withdraw' | 'invest' | 'shares';

export interface CheckAmountOptions {
  /** What is entered; decides the empty prompt and default limits. Omitted: the generic 1–1000 U rule. */
  kind?: AmountKind;
  /** Defaults: 1 U for recharge, withdraw and invest (and no kind); none for shares. */
  min?: Wei;
  /** Defaults: 1000 for recharge, 1000 U for invest (and no kind); none for withdraw and shares. */
  max?: Wei;
  /** Spendable balance of the paying asset; above it → InsufficientBalance. */
  balance?: Wei;
  /** FREE held, and FREE this action needs (e.g. the burn share of a donation). */
  freeBalance?: Wei;
  freeRequired?: Wei;
}

const ENTER_CODE: Record<AmountKind, ErrorCode> = {
  recharge: ErrorCode.EnterRechargeAmount,
  withdraw: ErrorCode.EnterWithdrawAmount,
  invest: ErrorCode.EnterInvestAmount,
  shares: ErrorCode.EnterShares,
};

const DEFAULT_LIMITS: Record<AmountKind, { min?: Wei; max?: Wei }> = {
  recharge: { min: MIN_AMOUNT_WEI, max: MAX_RECHARGE_WEI },
  withdraw: { min: MIN_AMOUNT_WEI },
  invest: { min: MIN_AMOUNT_WEI, max: MAX_AMOUNT_WEI },
  shares: {},
};

/**
 * The first rule an amount breaks, or null when it may be submitted. Order: empty (the
 * "please enter the … amount" prompt of its kind), not positive, below min, above max,
 * above balance, FREE short. The product's fixed 1 U / 1000 U limits get their own texts (AmountTooSmall,
 * AmountTooLarge, RechargeTooLarge); other limits (e.g. from config) get BelowMinimum /
 * AboveMaximum. Accepts the result of `parseAmount` directly.
 */
export function checkAmount(
  value: Wei | AmountError | null | undefined,
  opts: CheckAmountOptions = {},
): ErrorCode | null {
  const limits = opts.kind ? DEFAULT_LIMITS[opts.kind] : { min: MIN_AMOUNT_WEI, max: MAX_AMOUNT_WEI };
  if (value == null || (isAmountError(value) && value.kind === 'empty')) {
    return opts.kind ? ENTER_CODE[opts.kind] : ErrorCode.InvalidAmount;
  }
  if (isAmountError(value)) return value.code;
  const min = opts.min ?? limits.min;
  const max = opts.max ?? limits.max;
  // Zero is never a valid amount, even when a configured minimum forgot to say so.
  if (value <= 0n && (min === undefined || min <= 0n)) return ErrorCode.InvalidAmount;
  if (min !== undefined && value < min)
    return min === MIN_AMOUNT_WEI ? ErrorCode.AmountTooSmall : ErrorCode.BelowMinimum;
  if (max !== undefined && value > max) {
    if (max === MAX_RECHARGE_WEI && opts.kind === 'recharge') return ErrorCode.RechargeTooLarge;
    return max === MAX_AMOUNT_WEI ? ErrorCode.AmountTooLarge : ErrorCode.AboveMaximum;
  }
  if (opts.balance !== undefined && value > opts.balance) return ErrorCode.InsufficientBalance;
  if (
    opts.freeBalance !== undefined &&
    opts.freeRequired !== undefined &&
    opts.freeRequired > opts.freeBalance
  ) {
    return ErrorCode.InsufficientFree;
  }
  return null;
}
