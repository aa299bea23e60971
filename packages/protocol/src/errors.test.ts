import { describe, expect, it } from 'vitest';
import { ErrorCode, type ErrorCodeName } from './envelope.ts';
import { ERROR_MESSAGES, errorMessage } from './errors.ts';
import { LANGUAGE_CODES } from './languages.ts';

describe('error messages', () => {
  const names = Object.keys(ErrorCode) as ErrorCodeName[];

  it('has a non-empty text for every code in every language', () => {
    for (const name of names) {
      for (const lang of LANGUAGE_CODES) {
        const text = ERROR_MESSAGES[name]?.[lang];
        expect(typeof text === 'string' && text.trim().length > 0, `${name}/${lang}`).toBe(true);
      }
    }
  });

  it('has no message that is not an error code', () => {
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...names].sort());
  });

  it('translates every text: no language leaves a code in English', () => {
    for (const name of names) {
      const en = ERROR_MESSAGES[name].en;
      for (const lang of LANGUAGE_CODES) {
        if (lang !== 'en') expect(ERROR_MESSAGES[name][lang], `${name}/${lang}`).not.toBe(en);
      }
    }
  });

  it("uses the product's own texts in English", () => {
    expect(errorMessage(ErrorCode.InsufficientBalance, 'en')).toBe('Insufficient Wallet Balance');
    expect(errorMessage(ErrorCode.InsufficientFree, 'en')).toBe('Free balance insufficient');
    expect(errorMessage(ErrorCode.RechargeTooLarge, 'en')).toBe('Recharge amount cannot exceed 1000');
    expect(errorMessage(ErrorCode.AmountTooLarge, 'en')).toBe('Amount cannot exceed 1000U');
    expect(errorMessage(ErrorCode.AmountTooSmall, 'en')).toBe('Amount cannot be less than 1U');
    expect(errorMessage(ErrorCode.EnterRechargeAmount, 'en')).toBe('Please enter the recharge amount');
    expect(errorMessage(ErrorCode.EnterWithdrawAmount, 'en')).toBe('Please enter the withdrawal amount');
    expect(errorMessage(ErrorCode.EnterInvestAmount, 'en')).toBe('Please enter the investment amount');
    expect(errorMessage(ErrorCode.EnterShares, 'en')).toBe('Please enter the number of shares');
    expect(errorMessage(ErrorCode.NoData, 'en')).toBe('No data yet');
    expect(errorMessage(ErrorCode.NetworkError, 'en')).toBe('network error');
    expect(errorMessage(ErrorCode.UnknownError, 'en')).toBe('error');
  });

  it('answers in the requested language', () => {
    expect(errorMessage(ErrorCode.InsufficientBalance, 'zh-Hans')).toBe('钱包余额不足');
    expect(errorMessage(ErrorCode.InsufficientBalance, 'zh-Hant')).toBe('錢包餘額不足');
    expect(errorMessage(ErrorCode.NoData, 'ja')).toBe('データがありません');
  });

  it('accepts an Accept-Language header and falls back to English', () => {
    expect(errorMessage(ErrorCode.NoData, 'zh-TW,zh;q=0.9')).toBe('暫無資料');
    expect(errorMessage(ErrorCode.NoData, 'xx')).toBe('No data yet');
    expect(errorMessage(ErrorCode.NoData)).toBe('No data yet');
  });

  it('gives the generic error text for an unknown code', () => {
    expect(errorMessage(123456, 'ru')).toBe('Ошибка');
  });
});
