import { describe, expect, it } from 'vitest';
import { getPending, PENDING_EXPIRY_MS, setPending } from './pendingTx';
import { readableReason } from './TxButton';

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
