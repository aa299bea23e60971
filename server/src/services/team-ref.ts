// stake_ref_address: the user's inviter chain signed for Staking.stakeWithInviter (one-time nonce).
import { randomBytes } from 'node:crypto';
import { type Address as ProtocolAddress, type Hex as ProtocolHex, parseHex } from '@free/protocol/address';
import { sql } from 'drizzle-orm';
import { type Address, getAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { signInviter } from '../chain/inviter-signature.ts';
import type { SqlRunner } from '../db/client.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { checksum } from '../lib/format.ts';
import { inviterChain, loadTeamRules } from './team.ts';

/** How long a signed parents list stays usable on chain. */
export const STAKE_REF_TTL_SEC = 30 * 60;

export type StakeRef = {
  parents: ProtocolAddress[];
  message: ProtocolHex;
  signature: ProtocolHex;
  nonce: string;
  deadline: number;
};

export async function stakeRef(
  tx: SqlRunner,
  input: {
    userId: number;
    address: string;
    signerKey: Hex;
    chainId: number;
    staking: Address | null | undefined;
    now: Date;
  },
): Promise<StakeRef> {
  if (!input.staking) throw new AppError(ErrorCode.ModuleClosed, 'staking', 'no staking contract deployed');
  const rules = await loadTeamRules(tx);
  const parents = (await inviterChain(tx, input.userId, rules.parentsMax)).map((p) => checksum(p.address));
  const nonce = BigInt(`0x${randomBytes(32).toString('hex')}`);
  const deadline = Math.floor(input.now.getTime() / 1000) + STAKE_REF_TTL_SEC;
  await tx.execute(sql`
    INSERT INTO inviter_nonces (nonce, user_id, parents, deadline, signer)
    VALUES (${nonce.toString()}, ${input.userId}, ${parents.join(',')}, ${new Date(deadline * 1000).toISOString()}::timestamptz, ${privateKeyToAccount(input.signerKey).address})`);
  const { message, signature } = await signInviter({
    signerKey: input.signerKey,
    chainId: input.chainId,
    staking: input.staking,
    user: getAddress(input.address),
    parents,
    nonce,
    deadline: BigInt(deadline),
  });
  return {
    parents,
    message: parseHex(message, 'inviter message'),
    signature: parseHex(signature, 'inviter signature'),
    nonce: nonce.toString(),
    deadline,
  };
}
