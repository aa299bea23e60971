import { stakingAbi } from '@free/protocol/abi/generated/staking';
import { describe, expect, it } from 'vitest';
import { txExplorerUrl } from '../wallet/chains';
import { getPending, PENDING_EXPIRY_MS, setPending } from './pendingTx';
import { type ContractCall, readableReason } from './TxButton';

const HASH = `0x${'ab'.repeat(32)}` as const;

describe('pending transactions', () => {
  it('are found again after a reload until they expire', () => {
    setPending('stake', { hash: HASH, chainId: 31337, at: 1_000 });
    expect(getPending('stake', 1_000 + PENDING_EXPIRY_MS - 1)?.hash).toBe(HASH);
    expect(getPending('stake', 1_000 + PENDING_EXPIRY_MS)).toBeNull();
    setPending('stake', null);
    expect(getPending('stake', 1_000)).toBeNull();
  });
});

describe('readableReason', () => {
  it('prefers the revert reason found down the error chain', () => {
    const error = {
      name: 'ContractFunctionExecutionError',
      shortMessage: 'The contract function "stake" reverted.',
      cause: { name: 'ContractFunctionRevertedError', reason: 'AmountTooLarge', shortMessage: 'reverted' },
    };
    expect(readableReason(error, 'failed', 'rejected')).toBe('AmountTooLarge');
  });

  it('explains a custom error the page names, in its language', () => {
    const error = {
      name: 'ContractFunctionExecutionError',
      cause: { name: 'ContractFunctionRevertedError', data: { errorName: 'StakeTermsChanged' } },
    };
    expect(readableReason(error, 'failed', 'rejected', { StakeTermsChanged: 'terms changed' })).toBe(
      'terms changed',
    );
    expect(readableReason(error, 'failed', 'rejected')).toBe('StakeTermsChanged');
  });

  it('says the user rejected, else the short message, else the fallback', () => {
    expect(
      readableReason({ name: 'X', cause: { name: 'UserRejectedRequestError' } }, 'failed', 'rejected'),
    ).toBe('rejected');
    expect(readableReason({ code: 4001 }, 'failed', 'rejected')).toBe('rejected');
    expect(readableReason({ shortMessage: 'Insufficient funds for gas' }, 'failed', 'rejected')).toBe(
      'Insufficient funds for gas',
    );
    expect(readableReason(new Error('boom'), 'failed', 'rejected')).toBe('failed');
  });
});

describe('explorer link', () => {
  it('points at the chain explorer, and is absent on the local chain', () => {
    expect(txExplorerUrl(56, HASH)).toBe(`https://bscscan.com/tx/${HASH}`);
    expect(txExplorerUrl(97, HASH)).toBe(`https://testnet.bscscan.com/tx/${HASH}`);
    expect(txExplorerUrl(31337, HASH)).toBeNull();
  });
});

describe('contract calls are typed by their ABI', () => {
  const address = '0x0165878A594ca255338adfa4d48449f69242Eb8F';
  it('accepts a write the contract has, with its argument types', () => {
    const unstake: ContractCall<typeof stakingAbi, 'unstake'> = {
      address,
      abi: stakingAbi,
      functionName: 'unstake',
      args: [3n],
    };
    expect(unstake.functionName).toBe('unstake');
  });

  it('refuses, at type-check time, a function it lacks, wrong arguments and a read', () => {
    const calls: ContractCall<typeof stakingAbi>[] = [
      // @ts-expect-error Staking has no such function
      { address, abi: stakingAbi, functionName: 'withdrawEverything', args: [] },
      // @ts-expect-error unstake takes a uint256 index, not a string
      { address, abi: stakingAbi, functionName: 'unstake', args: ['3'] },
      // @ts-expect-error reserve() is a view: a TxButton only sends writes
      { address, abi: stakingAbi, functionName: 'reserve', args: [] },
    ];
    expect(calls).toHaveLength(3);
  });
});
