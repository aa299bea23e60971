// EIP-712 types and domains the contracts verify (Staking.stakeWithInviter, Payment.payment): the
// server signs with them, a wallet-facing client can show them. Must match contracts/src exactly.
import type { Address } from 'viem';

export const INVITER_TYPES = {
  Inviter: [
    { name: 'user', type: 'address' },
    { name: 'parents', type: 'address[]' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

export const inviterDomain = (chainId: number, staking: Address) =>
  ({ name: 'FREE Staking', version: '1', chainId, verifyingContract: staking }) as const;

export const PAYMENT_ORDER_TYPES = {
  Order: [
    { name: 'orderId', type: 'bytes32' },
    { name: 'payer', type: 'address' },
    { name: 'token', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'amount', type: 'uint256' },
    { name: 'burnBps', type: 'uint256' },
    { name: 'endTime', type: 'uint256' },
  ],
} as const;

export const paymentDomain = (chainId: number, payment: Address) =>
  ({ name: 'FREE Payment', version: '1', chainId, verifyingContract: payment }) as const;
