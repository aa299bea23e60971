import { mnemonicToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { LOCAL_MNEMONIC } from './constants.ts';
import { isLocalTestAddress, isLocalTestKey, LOCAL_ACCOUNTS } from './local-accounts.ts';

describe('anvil default accounts', () => {
  it('lists the 20 accounts of the test mnemonic, by index', () => {
    expect(LOCAL_ACCOUNTS).toHaveLength(20);
    LOCAL_ACCOUNTS.forEach(([address, key], i) => {
      const derived = mnemonicToAccount(LOCAL_MNEMONIC, { addressIndex: i });
      expect(address).toBe(derived.address);
      expect(key).toBe(`0x${Buffer.from(derived.getHdKey().privateKey as Uint8Array).toString('hex')}`);
    });
  });

  it('recognises their keys and addresses in any case, and nothing else', () => {
    const [address, key] = LOCAL_ACCOUNTS[11] as (typeof LOCAL_ACCOUNTS)[number];
    expect(isLocalTestKey(key.toUpperCase().replace('0X', '0x'))).toBe(true);
    expect(isLocalTestAddress(address.toLowerCase())).toBe(true);
    expect(isLocalTestKey(`0x${'11'.repeat(32)}`)).toBe(false);
    expect(isLocalTestAddress('0x0000000000000000000000000000000000000001')).toBe(false);
  });
});
