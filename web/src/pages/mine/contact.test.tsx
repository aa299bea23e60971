// The Contact page's links: only http(s) ones become links, whatever the config serves.
import { describe, expect, it } from 'vitest';
import { contactLinks } from './Contact';

describe('contact links', () => {
  it('links the configured https addresses', () => {
    expect(contactLinks({ twitter_url: 'https://x.com/free', telegram_url: 'https://t.me/free' })).toEqual([
      { key: 'contact.twitter', url: 'https://x.com/free' },
      { key: 'contact.telegram', url: 'https://t.me/free' },
    ]);
  });

  it('renders no link for a javascript:, data: or empty address', () => {
    expect(contactLinks({ twitter_url: 'javascript:alert(1)', telegram_url: 'data:text/html,x' })).toEqual(
      [],
    );
    expect(contactLinks({ twitter_url: '', telegram_url: ' JavaScript:alert(1)' })).toEqual([]);
    expect(contactLinks(undefined)).toEqual([]);
  });
});
