// Business constants (docs/business-rules.md "Constants") and the documented config defaults.
// Rates, fees and thresholds marked DEFAULT are configuration (served by /api/common/config);
// the server's settings registry takes its start values from here; code reads the config.

import { WEI_PER_UNIT as U } from './amount.ts';

/** One day in seconds (UTC days: no daylight saving), the unit of chain time and SQL epochs. */
export const DAY_SECONDS = 86_400;
/** One day in milliseconds. */
export const DAY_MS = DAY_SECONDS * 1000;

/** All tokens (USDT, FREE, FCC) have 18 decimals (BSC convention). */
export const TOKEN_DECIMALS = 18;
export { DISPLAY_FRACTION } from './amount-format.ts';

/** Stake cycles: `index` is the contract's `stakeIndex`. The market-maker cycle is the 30-day one. */
export const STAKE_CYCLES = [
  { index: 0, days: 7 },
  { index: 1, days: 15 },
  { index: 2, days: 30 },
] as const;
export type StakeIndex = (typeof STAKE_CYCLES)[number]['index'];
export const CYCLE_DAYS = STAKE_CYCLES.map((c) => c.days) as readonly number[];

/** DEFAULT daily compound rate per cycle in ppm (0.6 %, 0.9 %, 1.2 %), as the contract's `cycleRatePpm`. */
export const DEFAULT_CYCLE_RATE_PPM = [6000, 9000, 12_000] as const;
/** The daily rate never exceeds 1.2 % (the contract refuses more). */
export const MAX_DAILY_RATE_PPM = 12_000;
/** DEFAULT fee per cycle in basis points (2 %), swapped to FREE and burned. */
export const DEFAULT_CYCLE_FEE_BPS = [200, 200, 200] as const;
/** A donation costs 2 % of its USDT value in FREE, burned. */
export const DONATION_FREE_BURN_BPS = 200;

/** 30-day market-maker turnover that unlocks the FCC bonus, and its terms (DEFAULTS). */
export const MARKET_MAKER_TURNOVER_WEI = 3000n * U;
export const MARKET_MAKER_PRINCIPAL_SHARE_BPS = 2000;
export const MARKET_MAKER_FCC_MULTIPLIER = 2;

/** Every third settlement round turns 20 % of investment and income into computing power. */
export const SETTLEMENT_COMPUTE_EVERY_ROUNDS = 3;
export const SETTLEMENT_COMPUTE_SHARE_BPS = 2000;

/** Below this FOMO pool balance no earnings are distributed. */
export const FOMO_FLOOR_WEI = 500n * U;

/** Lists: default page size, and the 'no more' notice is hidden above this many items. */
export const PAGE_SIZE = 20;
export const NO_MORE_HIDDEN_ABOVE = 999;

/** API call timeout (client) and request budget (server). */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Network timeouts configured at 60 s. */
export const NETWORK_TIMEOUT_MS = 60_000;
/** A loading state shows only after this delay, and loading gives up (with retry) after the timeout. */
export const LOAD_DELAY_MS = 200;
export const LOAD_TIMEOUT_MS = 60_000;
/** AI trade prediction rounds last one minute. */
export const PREDICTION_ROUND_MS = 60_000;
/** Default toast duration. */
export const TOAST_MS = 2000;

/** Bearer tokens expire after 30 days. */
export const SESSION_TTL_MS = 30 * DAY_MS;
/**
 * A sign-in nonce is valid this long from its issue on the server's clock. The web app dates its
 * SIWE message at that issue (`expiresAt − this`), never by the device's clock, so a phone whose
 * clock is off, or a local chain moved forward by `dev:advance`, can still sign in.
 */
export const SIWE_NONCE_TTL_MS = 10 * 60_000;
/** The `platform` header value of the web app (docs/api.md "Request headers"). */
export const PLATFORM = 'h5';
/** anvil's chain id (the local stack). */
export const LOCAL_CHAIN_ID = 31337;
/**
 * anvil's default mnemonic: the accounts of the local chain (0 deploys and owns, 1–9 test users,
 * 10 signer, 11 hot wallet). Public knowledge: its keys are refused on any other chain.
 */
export const LOCAL_MNEMONIC = 'test test test test test test test test test test test junk';
