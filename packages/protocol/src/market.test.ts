import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from './languages.ts';
import { changeColor, marketColors } from './market.ts';

describe('marketColors', () => {
  it('is red up for Chinese readers and green up for everyone else', () => {
    for (const lang of LANGUAGE_CODES) {
      const chinese = lang === 'zh-Hans' || lang === 'zh-Hant';
      expect(marketColors(lang), lang).toEqual(
        chinese ? { up: 'red', down: 'green' } : { up: 'green', down: 'red' },
      );
    }
  });

  it.each([
    [1.5, 'en', 'green'],
    [-0.2, 'en', 'red'],
    ['3.1', 'zh-Hans', 'red'],
    ['-3.1', 'zh-Hant', 'green'],
    [5n, 'ja', 'green'],
    [-5n, 'zh-Hans', 'green'],
    [0, 'en', null],
    [0n, 'en', null],
    ['', 'en', null],
    ['abc', 'en', null],
  ] as const)('colours a change of %s for %s %s', (change, lang, expected) => {
    expect(changeColor(change, lang)).toBe(expected);
  });
});
