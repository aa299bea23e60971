import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { HDKey, hdKeyToAccount, mnemonicToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { LOCAL_MNEMONIC } from './constants.ts';
import { isLocalTestAddress, isLocalTestKey, LOCAL_ACCOUNTS } from './local-accounts.ts';

describe('anvil default accounts', () => {
  it('lists the 20 accounts of the test mnemonic, by index', () => {
    expect(LOCAL_ACCOUNTS).toHaveLength(20);
    // the mnemonic's BIP-39 seed made once (2,048 rounds of PBKDF2, about a quarter of a second each
    // time mnemonicToAccount makes it), checked against mnemonicToAccount on the first account
    const master = HDKey.fromMasterSeed(pbkdf2(sha512, LOCAL_MNEMONIC, 'mnemonic', { c: 2048, dkLen: 64 }));
    expect(hdKeyToAccount(master).address).toBe(mnemonicToAccount(LOCAL_MNEMONIC).address);
    LOCAL_ACCOUNTS.forEach(([address, key], i) => {
      const derived = hdKeyToAccount(master, { addressIndex: i });
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
