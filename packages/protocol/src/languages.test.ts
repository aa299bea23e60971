import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, languageDir, resolveLanguage } from './languages.ts';

describe('languages', () => {
  it('lists the 12 languages by their own names, Arabic right to left', () => {
    expect(LANGUAGES.map((l) => [l.code, l.nativeName, l.dir])).toEqual([
      ['ar', 'العربية', 'rtl'],
      ['en', 'English', 'ltr'],
      ['fil', 'Filipino', 'ltr'],
      ['hi', 'हिन्दी', 'ltr'],
      ['id', 'Bahasa Indonesia', 'ltr'],
      ['ja', '日本語', 'ltr'],
      ['ko', '한국어', 'ltr'],
      ['ru', 'Русский', 'ltr'],
      ['th', 'ไทย', 'ltr'],
      ['vi', 'Tiếng Việt', 'ltr'],
      ['zh-Hans', '简体中文', 'ltr'],
      ['zh-Hant', '繁體中文', 'ltr'],
    ]);
    expect(DEFAULT_LANGUAGE).toBe('en');
    expect(languageDir('ar')).toBe('rtl');
    expect(languageDir('ja')).toBe('ltr');
  });

  it('recognises exact codes only', () => {
    expect(isLanguage('zh-Hans')).toBe(true);
    expect(isLanguage('zh-hans')).toBe(false);
    expect(isLanguage('zh')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });

  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fr-FR,de;q=0.8', 'en'],
    ['*', 'en'],
    ['ja', 'ja'],
    ['ko-KR', 'ko'],
    ['AR-eg', 'ar'],
    ['zh-CN', 'zh-Hans'],
    ['zh-SG', 'zh-Hans'],
    ['zh', 'zh-Hans'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-MO', 'zh-Hant'],
    ['zh_TW', 'zh-Hant'],
    ['zh-Hant-CN', 'zh-Hant'],
    ['zh-Hans-HK', 'zh-Hans'],
    ['zh-Hant', 'zh-Hant'],
    ['tl-PH', 'fil'],
    ['fil', 'fil'],
    ['in', 'id'],
    ['id-ID', 'id'],
    ['en-US,en;q=0.9', 'en'],
    ['fr;q=1, vi;q=0.5, th;q=0.7', 'th'],
    ['ru;q=0, hi', 'hi'],
    ['de, ko;q=0.2', 'ko'],
    ['vi;q=0.5, ja;q=0.5', 'vi'],
    ['th ; q = 0.9 , ru ; q=0.95', 'ru'],
    ['ja;q=abc, ko', 'ko'],
  ])('resolves %j to %s', (header, expected) => {
    expect(resolveLanguage(header)).toBe(expected);
  });
});
