// The server-sent event stream (GET /api/stream, docs/api.md): what its events are named, what they
// carry, and which query groups a user's ledger movement asks the client to read again. The server
// emits these names, the web maps each group to its query keys: one list for both.
import type { LedgerKind } from './api/ledger-kinds.ts';

/**
 * Public events: the same for every reader. `round` carries `{ phase: 'open' | 'bet' | 'settled' }`
 * (a bet changes the round's totals, not its history); the others `{}`.
 */
export const PUBLIC_EVENTS = ['round', 'price', 'fomo'] as const;
export type PublicEvent = (typeof PUBLIC_EVENTS)[number];

/** The signed-in reader's own event: `data` is a JSON `{ groups: StreamGroup[] }`. */
export const USER_EVENT = 'user' as const;

/**
 * What a user's movement may have changed, by screen: `balances` (profile, flow records, hashrate),
 * `wallet` (recharge and withdrawal records, the wallet's on-chain balances), `orders` (staking,
 * Huan Li Bao, machines, shop, presale, pool), `rounds` (my bets), `income` (income and airdrop
 * figures), `team` (team statistics).
 */
export const STREAM_GROUPS = ['balances', 'wallet', 'orders', 'rounds', 'income', 'team'] as const;
export type StreamGroup = (typeof STREAM_GROUPS)[number];

/** A comment line goes out this often, so proxies and browsers keep an idle stream open. */
export const STREAM_HEARTBEAT_MS = 20_000;
/** How long a stream ticket (POST /api/user/stream_ticket) may wait for its one use. */
export const STREAM_TICKET_MS = 60_000;
/** A client reads a public figure again at most this often, however many events come (bets). */
export const PUBLIC_REFRESH_GAP_MS = 5_000;
/** Hint to the browser's own reconnect (the `retry:` field), in ms. */
export const STREAM_RETRY_MS = 3_000;
/**
 * A stream refused for too many open (HTTP 429) is told to come back after this long (`Retry-After`);
 * the web waits as long after any opening that fails before `ready` (EventSource cannot read the status).
 */
export const STREAM_REFUSED_RETRY_MS = 30_000;

const KIND_GROUPS: Partial<Record<LedgerKind, readonly StreamGroup[]>> = {
  recharge: ['wallet'],
  withdraw: ['wallet'],
  withdraw_refund: ['wallet'],
  stake_balance: ['orders', 'team'],
  stake_fee: ['orders'],
  stake_redeem: ['orders', 'team'],
  compute_contribution: ['orders'],
  hlb_subscribe: ['orders'],
  hlb_redeem: ['orders'],
  machine_buy: ['orders'],
  shop_pay: ['orders'],
  shop_refund: ['orders'],
  presale_buy: ['orders'],
  pool_contribute: ['orders'],
  pool_burn: ['orders'],
  pool_collect: ['orders'],
  round_bet: ['rounds'],
  round_payout: ['rounds'],
  round_refund: ['rounds'],
  ignition: ['team'],
};

/** The groups a ledger movement of `kind` changes for its user: balances always, then by kind. */
export function groupsOfKind(kind: LedgerKind): StreamGroup[] {
  const extra = KIND_GROUPS[kind] ?? (kind === 'adjust' ? [] : ['income']);
  return ['balances', ...extra];
}

/** Parses a user event's data; unknown groups are dropped (an older client meets a newer server). */
export function parseUserEvent(data: string): StreamGroup[] {
  try {
    const v = JSON.parse(data) as { groups?: unknown };
    if (!Array.isArray(v.groups)) return [];
    return v.groups.filter((g): g is StreamGroup => (STREAM_GROUPS as readonly unknown[]).includes(g));
  } catch {
    return [];
  }
}
