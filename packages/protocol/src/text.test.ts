import { describe, expect, it } from 'vitest';
import { storableText, unstorableTextField } from './text.ts';

describe('storable text', () => {
  it('refuses a NUL character only', () => {
    expect(storableText('a\u0000b')).toBe(false);
    expect(storableText('ok ✓ \u0001 \t')).toBe(true);
  });
  it('names the first field holding a NUL, at any depth, keys included', () => {
    expect(unstorableTextField({ name: 'Ann', phone: '12\u000034' })).toBe('phone');
    expect(unstorableTextField({ name: { en: 'ok', ru: 'x\u0000' } })).toBe('name.ru');
    expect(unstorableTextField({ items: ['a', 'b', '\u0000'] })).toBe('items.2');
    expect(unstorableTextField({ name: { 'e\u0000n': 'ok' } })).toBe('name');
    expect(unstorableTextField('\u0000', 'body')).toBe('body');
  });
  it('passes everything else', () => {
    expect(unstorableTextField({ a: 1, b: null, c: [true, 'x'], d: { e: 'ü' } })).toBeNull();
    expect(unstorableTextField(undefined)).toBeNull();
  });
});
