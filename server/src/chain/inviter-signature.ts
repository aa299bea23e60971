// EIP-712 `Inviter` signature that Staking.stakeWithInviter verifies (domain "FREE Staking" v1).
import { INVITER_TYPES, inviterDomain } from '@free/protocol/typed-data';
import { type Address, encodeAbiParameters, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

export { INVITER_TYPES, inviterDomain };

export type InviterSignatureInput = {
  signerKey: Hex;
  chainId: number;
  staking: Address;
  user: Address;
  parents: Address[];
  nonce: bigint;
  deadline: bigint;
};

/** Returns `message = abi.encode(nonce, deadline)` and the signer's EIP-712 signature. */
export async function signInviter(i: InviterSignatureInput): Promise<{ message: Hex; signature: Hex }> {
  const account = privateKeyToAccount(i.signerKey);
  const signature = await account.signTypedData({
    domain: inviterDomain(i.chainId, i.staking),
    types: INVITER_TYPES,
    primaryType: 'Inviter',
    message: { user: i.user, parents: i.parents, nonce: i.nonce, deadline: i.deadline },
  });
  const message = encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [i.nonce, i.deadline]);
  return { message, signature };
}
