import { describe, expect, it } from 'vitest';
import { appChain, RPC_URL, txExplorerUrl } from './chains';

describe('the app chain', () => {
  it('reads every chain through the RPC the build names (the only one its CSP allows)', () => {
    for (const id of [31337, 56, 97, 8453]) expect(appChain(id).rpcUrls.default.http).toEqual([RPC_URL]);
  });

  it('keeps the block explorer of a known chain for transaction links', () => {
    expect(txExplorerUrl(56, '0xab')).toBe('https://bscscan.com/tx/0xab');
    expect(txExplorerUrl(31337, '0xab')).toBeNull();
  });
});
