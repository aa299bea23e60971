import { describe, expect, it } from 'vitest';
import { contactLink, isHttpsUrl, safeHref } from './links.ts';

describe('operator links', () => {
  it('accepts only https:// URLs with a host for publishing', () => {
    for (const ok of ['https://x.com/free', 'HTTPS://t.me/free', 'https://t.me/free?start=1#a'])
      expect(isHttpsUrl(ok), ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'http://t.me/free',
      'data:text/html,x',
      '//x.com/free',
      'https://',
      'https:x.com',
      'https://t.me/free\nevil',
      'https://t.me/ free',
      `https://x.com/${'a'.repeat(300)}`,
      '',
    ])
      expect(isHttpsUrl(bad), bad).toBe(false);
  });

  it('renders a link only with an http(s) scheme', () => {
    expect(safeHref('https://x.com/free')).toBe('https://x.com/free');
    expect(safeHref('http://t.me/free')).toBe('http://t.me/free');
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '',
      null,
      undefined,
    ])
      expect(safeHref(bad)).toBeNull();
  });

  it("stores '' (no link) or an https:// URL as a contact link", () => {
    expect(contactLink.safeParse('').success).toBe(true);
    expect(contactLink.safeParse('https://t.me/free').success).toBe(true);
    expect(contactLink.safeParse('javascript:alert(1)').success).toBe(false);
  });
});
