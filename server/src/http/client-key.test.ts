import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.ts';

describe('clientKey', () => {
  it('keys an IPv6 client on its /64, however the address is written', () => {
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:0:0:0:0',
      '2001:db8:1:2::7%eth0',
      '2001:db8:1:2::1.2.3.4',
    ])
      expect(clientKey(ip), ip).toBe('v6:2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::1')).toBe('v6:2001:db8:1:3::/64');
    expect(clientKey('::1')).toBe('v6:0:0:0:0::/64');
    expect(clientKey('fe80::1')).toBe('v6:fe80:0:0:0::/64');
  });

  it('keys IPv4 on the address, also when it comes IPv4-mapped', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('leaves anything else as it is', () => {
    expect(clientKey('')).toBe('');
    expect(clientKey('not-an-ip')).toBe('not-an-ip');
  });
});
