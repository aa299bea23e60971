// Withdrawal lifecycle both sides read: the allowed moves of a withdrawal, and which states still
// wait for the chain.
/** Coins a user can withdraw to the bound wallet. */
export const WITHDRAW_COINS = ['USDT', 'FREE'] as const;
export type WithdrawCoin = (typeof WITHDRAW_COINS)[number];

/**
 * `review`: above the review threshold, waiting for an operator (approved → queued, rejected →
 * refunded). `unresolved`: its nonce was used on chain but no receipt proves what happened (a lagging
 * or pruned node): neither confirmed nor refunded until the receipt turns up or an operator decides.
 * The allowed moves are WITHDRAW_TRANSITIONS below.
 */
export const WITHDRAW_STATES = [
  'review',
  'queued',
  'signed',
  'broadcast',
  'unresolved',
  'confirmed',
  'failed',
  'refunded',
] as const;
export type WithdrawState = (typeof WITHDRAW_STATES)[number];

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
export const WITHDRAW_PENDING_STATES = [
  'queued',
  'signed',
  'broadcast',
  'unresolved',
] as const satisfies readonly WithdrawState[];
export const isWithdrawPending = (state: WithdrawState): boolean =>
  (WITHDRAW_PENDING_STATES as readonly WithdrawState[]).includes(state);

/**
 * States whose amount the hot wallet may still have to pay: pending, or waiting for an operator's
 * review (the burn job never burns the FREE these are owed).
 */
export const WITHDRAW_OWED_STATES = ['review', ...WITHDRAW_PENDING_STATES] as const;

/**
 * States whose amount counts against the day's withdrawal caps: every withdrawal whose money was
 * not given back (neither failed nor refunded).
 */
export const WITHDRAW_CAPPED_STATES = [
  ...WITHDRAW_OWED_STATES,
  'confirmed',
] as const satisfies readonly WithdrawState[];

/** The settings keys (wei) of one coin's withdrawal limits: null = no limit, except the minimum. */
export type WithdrawLimitKeys = {
  min: string;
  max: string;
  userDaily: string;
  platformDaily: string;
  reviewAbove: string;
};

/**
 * What each withdrawable coin is withdrawn from (and refunded to) and where its limits are set
 * (docs/business-rules.md "Withdrawal limits"): the server's checks, the config answer (one limits
 * object per coin) and the console's money limits (MONEY_LIMITS) all read them from here, so adding
 * a withdrawable coin is this one entry (and its settings).
 */
export const WITHDRAW_RULES = {
  USDT: {
    source: 'wallet',
    limits: {
      min: 'withdraw_min_wei',
      max: 'withdraw_max_wei',
      userDaily: 'withdraw_user_daily_wei',
      platformDaily: 'withdraw_platform_daily_wei',
      reviewAbove: 'withdraw_review_above_wei',
    },
  },
  FREE: {
    source: 'airdrop',
    limits: {
      min: 'free_withdraw_min_wei',
      max: 'free_withdraw_max_wei',
      userDaily: 'free_withdraw_user_daily_wei',
      platformDaily: 'free_withdraw_platform_daily_wei',
      reviewAbove: 'free_withdraw_review_above_wei',
    },
  },
} as const satisfies Record<WithdrawCoin, { source: 'wallet' | 'airdrop'; limits: WithdrawLimitKeys }>;

/** The settings keys of every coin's withdrawal limits, coin by coin, in WithdrawLimitKeys order. */
export const WITHDRAW_LIMIT_SETTINGS = Object.entries(WITHDRAW_RULES).flatMap(([coin, r]) =>
  Object.entries(r.limits).map(([limit, key]) => ({ coin: coin as WithdrawCoin, limit, key })),
) as { coin: WithdrawCoin; limit: keyof WithdrawLimitKeys; key: WithdrawLimitKey }[];
export type WithdrawLimitKey = (typeof WITHDRAW_RULES)[WithdrawCoin]['limits'][keyof WithdrawLimitKeys];
