// Withdrawal lifecycle both sides read: the allowed moves of a withdrawal, and which states still
// wait for the chain.
import type { WithdrawState } from './api/wallet.ts';

/** Allowed moves of a withdrawal; the server refuses anything else. */
export const WITHDRAW_TRANSITIONS: Record<WithdrawState, readonly WithdrawState[]> = {
  // approved, or rejected by an operator
  review: ['queued', 'failed'],
  // signed from the hot wallet, or rejected (also: no token contract for its coin)
  queued: ['signed', 'failed'],
  // sent; or refused and its nonce was used (by another transaction: failed; unknown: unresolved)
  signed: ['broadcast', 'failed', 'unresolved'],
  broadcast: ['confirmed', 'failed', 'unresolved'],
  // its receipt turned up (confirmed, or reverted: failed), or an operator refunded it
  unresolved: ['confirmed', 'failed'],
  failed: ['refunded'],
  confirmed: [],
  refunded: [],
};

/** States in which the user's money has left the balance and the chain has not settled it yet. */
export const isWithdrawPending = (state: WithdrawState): boolean =>
  state === 'queued' || state === 'signed' || state === 'broadcast' || state === 'unresolved';
