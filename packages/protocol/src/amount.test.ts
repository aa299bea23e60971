import { describe, expect, it } from 'vitest';
import {
  type AmountError,
  checkAmount,
  cleanAmountInput,
  decimalMark,
  formatAmount,
  isAmountError,
  MAX_AMOUNT_WEI,
  MAX_RECHARGE_WEI,
  MAX_UINT256,
  MIN_AMOUNT_WEI,
  parseAmount,
  toDecimalString,
  WEI_PER_UNIT as U,
} from './amount.ts';
import { formatAmountText } from './amount-format.ts';
import { ErrorCode } from './envelope.ts';

describe('cleanAmountInput', () => {
  it.each([
    ['', ''],
    ['   ', ''],
    ['abc', ''],
    ['NaN', ''],
    ['Infinity', ''],
    ['12', '12'],
    [' 12 ', '12'],
    ['12.5', '12.5'],
    ['1.2.3', '1.23'],
    ['1..2', '1.2'],
    ['1.2.3.4', '1.234'],
    ['..5', '0.5'],
    ['.5', '0.5'],
    ['.', '0.'],
    ['1.', '1.'],
    ['1.50', '1.50'],
    ['0', '0'],
    ['00', '0'],
    ['007', '7'],
    ['00.5', '0.5'],
    ['0.000', '0.000'],
    ['-5', ''],
    ['-0', ''],
    ['  -1.5', ''],
    ['−3', ''],
    ['5-', '5'],
    ['+5', '5'],
    ['1e5', '15'],
    ['12abc3', '123'],
    ['$ 1,000.25 USDT', '1000.25'],
    ['１２．５', '12.5'],
    ['١٢٫٥', '12.5'],
    ['१२.५', '12.5'],
    ['๑๒', '12'],
    ['12。5', '12.5'],
  ])('en: %j → %j', (input, expected) => {
    expect(cleanAmountInput(input)).toBe(expected);
  });

  it.each([
    ['ru', '1,5', '1.5'],
    ['ru', '1 000,25', '1000.25'],
    ['id', '2,75', '2.75'],
    ['vi', '3.5', '3.5'],
    ['ru', '1,2,3', '1.23'],
    ['en', '1,5', '15'],
    ['zh-Hans', '1,000', '1000'],
  ])('%s: %j → %j', (locale, input, expected) => {
    expect(cleanAmountInput(input, { locale })).toBe(expected);
  });

  it.each([
    ['1.23456', 2, '1.23'],
    ['1.2', 4, '1.2'],
    ['1.9', 0, '1'],
    ['.', 0, '0'],
    ['5.', 2, '5.'],
  ])('cuts %j to %i decimals → %j', (input, maxDecimals, expected) => {
    expect(cleanAmountInput(input, { maxDecimals })).toBe(expected);
  });

  it('always yields something parseAmount accepts or an empty string', () => {
    for (const input of ['1.2.3', '.', 'x', '-1', '٫٥', '0..0', '9'.repeat(30)]) {
      const cleaned = cleanAmountInput(input);
      const parsed = parseAmount(cleaned);
      expect(
        cleaned === '' ? isAmountError(parsed) && parsed.kind === 'empty' : typeof parsed === 'bigint',
      ).toBe(true);
    }
  });
});

describe('parseAmount', () => {
  it.each([
    ['0', 0n],
    ['1', U],
    ['12.5', 12n * U + U / 2n],
    ['0.000000000000000001', 1n],
    ['1000', 1000n * U],
    ['0.', 0n],
    ['.5', U / 2n],
    [' 7 ', 7n * U],
    ['1.000000000000000000000', U],
    ['123456789.123456789123456789', 123456789123456789123456789n],
  ])('%j → %s wei', (input, expected) => {
    expect(parseAmount(input)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['  ', 'empty'],
    ['.', 'invalid'],
    ['abc', 'invalid'],
    ['-1', 'invalid'],
    ['+1', 'invalid'],
    ['1e18', 'invalid'],
    ['1,000', 'invalid'],
    ['1.2.3', 'invalid'],
    ['0x10', 'invalid'],
    ['١', 'invalid'],
    ['Infinity', 'invalid'],
    ['0.0000000000000000001', 'tooPrecise'],
    ['1.1234567890123456789', 'tooPrecise'],
    ['1'.repeat(80), 'invalid'],
  ])('%j is refused as %s', (input, kind) => {
    const result = parseAmount(input) as AmountError;
    expect(isAmountError(result)).toBe(true);
    expect(result.kind).toBe(kind);
    expect(result.code).toBe(kind === 'tooPrecise' ? ErrorCode.AmountTooPrecise : ErrorCode.InvalidAmount);
  });

  it('honours other decimals', () => {
    expect(parseAmount('1.5', 6)).toBe(1_500_000n);
    expect((parseAmount('1.0000001', 6) as AmountError).kind).toBe('tooPrecise');
    expect(parseAmount('3', 0)).toBe(3n);
    expect((parseAmount('3.1', 0) as AmountError).kind).toBe('tooPrecise');
  });

  it('accepts the largest uint256 and nothing above', () => {
    expect(parseAmount(MAX_UINT256.toString(), 0)).toBe(MAX_UINT256);
    expect(isAmountError(parseAmount((MAX_UINT256 + 1n).toString(), 0))).toBe(true);
  });

  it('round-trips with toDecimalString', () => {
    for (const wei of [0n, 1n, U, 12n * U + 5n, 999_999_999_999_999_999n, MAX_AMOUNT_WEI]) {
      expect(parseAmount(toDecimalString(wei))).toBe(wei);
    }
  });
});

describe('toDecimalString', () => {
  it.each([
    [0n, 18, '0'],
    [U, 18, '1'],
    [U / 2n, 18, '0.5'],
    [1n, 18, '0.000000000000000001'],
    [-(U + U / 4n), 18, '-1.25'],
    [1_500_000n, 6, '1.5'],
    [42n, 0, '42'],
  ])('%s (decimals %i) → %j', (wei, decimals, expected) => {
    expect(toDecimalString(wei, decimals)).toBe(expected);
  });
});

describe('formatAmountText (an amount as the API sends it)', () => {
  it.each([
    ['1234567.891234', 'en', '1,234,567.8912'],
    ['1500', 'ru', formatAmount(1500n * U, { locale: 'ru' })],
    ['0.00001', 'en', '0'],
    ['12.50', 'id', '12,5'],
  ] as const)('%s in %s → %j, as formatAmount writes it', (text, locale, expected) => {
    expect(formatAmountText(text, { locale })).toBe(expected);
    expect(formatAmountText(text, { locale })).toBe(formatAmount(parseAmount(text) as bigint, { locale }));
  });

  it.each(['', '-1', '1e3', ' 1', '1.', '.5', 'NaN', `1.${'1'.repeat(19)}`])('%j → null', (text) => {
    expect(formatAmountText(text)).toBeNull();
  });
});

describe('formatAmount', () => {
  it.each([
    [0n, {}, '0'],
    [U, {}, '1'],
    [1234567n * U + 891_234_567_000_000_000n, {}, '1,234,567.8912'],
    [19_999n * (U / 10_000n) + 9n * (U / 100_000n), {}, '1.9999'],
    [U - 1n, {}, '0.9999'],
    [U - 1n, { maxFraction: 2 }, '0.99'],
    [U / 10_000n - 1n, {}, '0'],
    [U + U / 2n, { maxFraction: 2, minFraction: 2 }, '1.50'],
    [U, { minFraction: 2 }, '1.00'],
    [5n * U + U / 3n, { maxFraction: 0 }, '5'],
    [1_234_567_890_000n * U, {}, '1,234,567,890,000'],
    [
      MAX_UINT256,
      { maxFraction: 0 },
      '115,792,089,237,316,195,423,570,985,008,687,907,853,269,984,665,640,564,039,457',
    ],
    [1_500_000n, { decimals: 6 }, '1.5'],
    [7n, { decimals: 0 }, '7'],
    [-(1234n * U + U / 2n), {}, '-1,234.5'],
    [-1n, {}, '0'],
  ] as const)('%s %o → %j', (wei, opts, expected) => {
    expect(formatAmount(wei, opts)).toBe(expected);
  });

  it('rounds down, never up, even just below a digit boundary', () => {
    expect(formatAmount(999n * U + (U - 1n), { maxFraction: 2 })).toBe('999.99');
    expect(formatAmount(2n * U - 1n, { maxFraction: 4 })).toBe('1.9999');
  });

  it('uses the grouping, decimal mark and digits of the locale', () => {
    const wei = 1234567n * U + U / 2n;
    expect(formatAmount(wei, { locale: 'ru' })).toBe(new Intl.NumberFormat('ru').format(1234567.5));
    expect(formatAmount(wei, { locale: 'id' })).toBe('1.234.567,5');
    expect(formatAmount(wei, { locale: 'vi' })).toBe('1.234.567,5');
    expect(formatAmount(wei, { locale: 'hi' })).toBe('12,34,567.5');
    expect(formatAmount(wei, { locale: 'zh-Hans' })).toBe('1,234,567.5');
    expect(formatAmount(wei, { locale: 'ar-u-nu-arab' })).toBe(
      new Intl.NumberFormat('ar-u-nu-arab').format(1234567.5),
    );
    expect(formatAmount(-wei, { locale: 'id' })).toBe('-1.234.567,5');
  });

  it('falls back to English for an invalid locale', () => {
    expect(formatAmount(1000n * U, { locale: 'not a locale!' })).toBe('1,000');
  });

  it('knows each locale decimal mark', () => {
    expect(decimalMark('en')).toBe('.');
    expect(decimalMark('ru')).toBe(',');
    expect(decimalMark('???')).toBe('.');
  });
});

describe('limits', () => {
  it('are 1 U, 1000 U and 1000 for recharge, in units of 18 decimals', () => {
    expect(U).toBe(10n ** 18n);
    expect(MIN_AMOUNT_WEI).toBe(U);
    expect(MAX_AMOUNT_WEI).toBe(1000n * U);
    expect(MAX_RECHARGE_WEI).toBe(1000n * U);
  });
});

describe('checkAmount', () => {
  const E = ErrorCode;
  it.each([
    // empty → the prompt of its kind
    [null, { kind: 'recharge' }, E.EnterRechargeAmount],
    [null, { kind: 'withdraw' }, E.EnterWithdrawAmount],
    [null, { kind: 'invest' }, E.EnterInvestAmount],
    [null, { kind: 'shares' }, E.EnterShares],
    [parseAmount(''), { kind: 'invest' }, E.EnterInvestAmount],
    [parseAmount('abc'), { kind: 'invest' }, E.InvalidAmount],
    [parseAmount('0.0000000000000000001'), { kind: 'withdraw' }, E.AmountTooPrecise],
    // the fixed 1 U / 1000 U limits with their own texts
    [0n, { kind: 'invest' }, E.AmountTooSmall],
    [U - 1n, { kind: 'invest' }, E.AmountTooSmall],
    [U, { kind: 'invest' }, null],
    [1000n * U, { kind: 'invest' }, null],
    [1000n * U + 1n, { kind: 'invest' }, E.AmountTooLarge],
    [U - 1n, { kind: 'recharge' }, E.AmountTooSmall],
    [1000n * U, { kind: 'recharge' }, null],
    [1000n * U + 1n, { kind: 'recharge' }, E.RechargeTooLarge],
    [U - 1n, { kind: 'withdraw' }, E.AmountTooSmall],
    [5000n * U, { kind: 'withdraw' }, null],
    [1000n * U + 1n, { kind: 'withdraw', max: MAX_AMOUNT_WEI }, E.AmountTooLarge],
    // configured limits
    [99n * U, { kind: 'invest', min: 100n * U }, E.BelowMinimum],
    [100n * U, { kind: 'invest', min: 100n * U }, null],
    [501n * U, { kind: 'invest', max: 500n * U }, E.AboveMaximum],
    [0n, { kind: 'invest', min: 0n }, E.InvalidAmount],
    // shares have no default limits, only positivity
    [0n, { kind: 'shares' }, E.InvalidAmount],
    [1n, { kind: 'shares' }, null],
    [10n ** 30n, { kind: 'shares' }, null],
    // balances
    [10n * U, { kind: 'withdraw', balance: 10n * U }, null],
    [10n * U + 1n, { kind: 'withdraw', balance: 10n * U }, E.InsufficientBalance],
    [5n * U, { kind: 'invest', balance: 0n }, E.InsufficientBalance],
    [5n * U, { kind: 'invest', balance: 9n * U, freeBalance: 1n, freeRequired: 2n }, E.InsufficientFree],
    [5n * U, { kind: 'invest', balance: 9n * U, freeBalance: 2n, freeRequired: 2n }, null],
    [5n * U, { kind: 'invest', freeBalance: 0n }, null],
    // no kind: the generic 1–1000 U rule
    [null, {}, E.InvalidAmount],
    [null, undefined, E.InvalidAmount],
    [U - 1n, {}, E.AmountTooSmall],
    [1000n * U + 1n, {}, E.AmountTooLarge],
    [20n * U, { balance: 10n * U }, E.InsufficientBalance],
    [20n * U, { min: U, max: 1000n * U, balance: 20n * U }, null],
    // limits are checked before balances
    [2000n * U, { kind: 'recharge', balance: 0n }, E.RechargeTooLarge],
    [U / 2n, { kind: 'withdraw', balance: 0n }, E.AmountTooSmall],
  ] as const)('%s with %o → %s', (value, opts, expected) => {
    expect(checkAmount(value, opts)).toBe(expected);
  });
});
