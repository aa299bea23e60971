// The one live connection of the app: GET /api/stream (docs/api.md "Event stream"). Each event
// invalidates the React Query keys it concerns, so pages read a figure again when it changed
// instead of polling. While the stream is down the queries it covers poll as before
// (`pollUnlessLive`), and the client reconnects with a growing delay — at least the server's
// Retry-After (STREAM_REFUSED_RETRY_MS) after an opening refused for too many streams. One stream per
// tab: boot.tsx starts it once. A signed-in stream opens with
// a one-use ticket (the token never goes in a URL); a new session restarts the stream.
import {
  PUBLIC_EVENTS,
  PUBLIC_REFRESH_GAP_MS,
  type PublicEvent,
  parseUserEvent,
  STREAM_REFUSED_RETRY_MS,
  type StreamGroup,
  USER_EVENT,
} from '@free/protocol/stream';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { session } from '../session/store';
import { API_URL, call, routes } from './client';
import { keys } from './keys';
import { listPrefix } from './list';

/** Reconnect delays: doubled from the first to the last after each failure. */
export const RECONNECT_MS = { first: 1_000, max: 30_000 } as const;

const PUBLIC_KEYS: Record<PublicEvent, readonly QueryKey[]> = {
  round: [keys.public.round(), keys.public.roundChart()],
  price: [keys.public.quotes()],
  fomo: [keys.public.fomo()],
};

/** What each group of a user event reads again: prefixes of the key tree (api/stream.test.ts checks each reaches a query). */
export const GROUP_KEYS: Record<StreamGroup, readonly QueryKey[]> = {
  balances: [keys.user.me(), listPrefix(routes.getUserFinance), keys.user.hashrate()],
  wallet: [
    keys.user.rechargesAll(),
    listPrefix(routes.getUserRechargeList),
    listPrefix(routes.getUserWithdrawList),
    keys.chain.all(),
  ],
  orders: [
    keys.user.stakingLimit(),
    keys.user.hlbOrders(),
    keys.user.poolSummary(),
    keys.user.presale(),
    keys.user.quota(),
    keys.user.cards(),
    keys.user.lists(),
    keys.staking.all(),
    keys.public.shop(),
    keys.public.machines(),
    listPrefix(routes.getCommonMachines),
  ],
  rounds: [listPrefix(routes.getUserRoundBets), keys.public.round()],
  income: [keys.user.incomeInfoAll(), keys.user.airdropAll(), keys.user.hashrate(), keys.user.lists()],
  team: [keys.user.teamInfo(), listPrefix(routes.getUserDirectList), keys.user.me(), keys.user.fire()],
};

/** The query keys (prefixes) an event invalidates; `data` is the event's data line. */
export function keysForEvent(event: string, data: string): QueryKey[] {
  // an opening or a bet moves the current round; only a settlement adds to the chart's history
  if (event === 'round' && !data.includes('"settled"')) return [keys.public.round()];
  if ((PUBLIC_EVENTS as readonly string[]).includes(event)) return [...PUBLIC_KEYS[event as PublicEvent]];
  if (event !== USER_EVENT) return [];
  const out: QueryKey[] = [];
  const seen = new Set<string>();
  for (const group of parseUserEvent(data))
    for (const key of GROUP_KEYS[group]) {
      const id = JSON.stringify(key);
      if (!seen.has(id)) out.push(key);
      seen.add(id);
    }
  return out;
}

/** After a gap (first connection, reconnection) anything may have changed: read it all again. */
export const KEYS_AFTER_GAP: readonly QueryKey[] = [
  keys.user.all(),
  keys.chain.all(),
  ...Object.values(PUBLIC_KEYS).flat(),
];

// whether the stream is open now: the polling fallback reads it
let live = false;
const liveListeners = new Set<() => void>();
function setLive(next: boolean) {
  if (next === live) return;
  live = next;
  for (const l of liveListeners) l();
}
const subscribeLive = (l: () => void) => {
  liveListeners.add(l);
  return () => liveListeners.delete(l);
};

/** Whether the event stream is open now (outside React). */
export const streamLive = (): boolean => live;

/** True while the event stream is open. */
export function useStreamLive(): boolean {
  return useSyncExternalStore(
    subscribeLive,
    () => live,
    () => false,
  );
}

/** A refetchInterval: no polling while the stream tells of changes, `ms` while it is down. */
export const pollUnlessLive = (isLive: boolean, ms: number): number | false => (isLive ? false : ms);

/** What the client uses of an EventSource (tests give a stand-in). */
type Source = {
  addEventListener(type: string, fn: (e: MessageEvent) => void): void;
  close(): void;
  onerror: ((e: Event) => void) | null;
};
export type StreamDeps = {
  EventSource?: new (url: string) => Source;
  ticket?: () => Promise<string | null>;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (id: unknown) => void;
  now?: () => number;
};

async function fetchTicket(): Promise<string | null> {
  if (!session.token()) return null;
  const r = await call(routes.postUserStreamTicket, { background: true });
  return r.ticket;
}

/**
 * Opens the stream and keeps it open until the returned stop is called: invalidates on events,
 * reconnects after RECONNECT_MS.first doubling to .max, and starts over when the session changes.
 */
export function startStream(qc: QueryClient, deps: StreamDeps = {}): () => void {
  const Impl = deps.EventSource ?? (globalThis.EventSource as StreamDeps['EventSource']);
  if (!Impl) return () => {};
  const later = deps.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const cancel = deps.clearTimeout ?? ((id) => globalThis.clearTimeout(id as number));
  const ticket = deps.ticket ?? fetchTicket;
  let source: Source | null = null;
  let timer: unknown = null;
  let delay: number = RECONNECT_MS.first;
  let stopped = false;
  let generation = 0;
  let opened = false;
  const now = deps.now ?? Date.now;
  const invalidate = (list: readonly QueryKey[]) => {
    for (const queryKey of list) {
      // A first read still under way may have read before the change, and React Query joins it
      // instead of starting another (it cancels only a refetch of data it already has): those are
      // read once more when they end, or the page keeps the figure from before the event.
      const joined = qc
        .getQueryCache()
        .findAll({ queryKey })
        .filter((q) => q.state.fetchStatus === 'fetching' && q.state.data === undefined);
      const again = qc.invalidateQueries({ queryKey });
      if (joined.length > 0)
        void again.then(() => {
          for (const q of joined) void qc.invalidateQueries({ queryKey: q.queryKey, exact: true });
        });
    }
  };
  // Public figures are read again at most once per PUBLIC_REFRESH_GAP_MS each (a busy round takes
  // many bets): the keys of events inside the gap are gathered and read once at its end.
  const lastRead = new Map<string, number>();
  const gathered = new Map<string, Map<string, QueryKey>>();
  const throttled = (event: string, list: readonly QueryKey[]) => {
    const waiting = gathered.get(event);
    if (waiting) {
      for (const k of list) waiting.set(JSON.stringify(k), k);
      return;
    }
    const wait = (lastRead.get(event) ?? Number.NEGATIVE_INFINITY) + PUBLIC_REFRESH_GAP_MS - now();
    if (wait <= 0) {
      lastRead.set(event, now());
      return invalidate(list);
    }
    gathered.set(event, new Map(list.map((k) => [JSON.stringify(k), k])));
    later(() => {
      const keysNow = gathered.get(event);
      gathered.delete(event);
      lastRead.set(event, now());
      if (keysNow && !stopped) invalidate([...keysNow.values()]);
    }, wait);
  };
  const drop = () => {
    source?.close();
    source = null;
    if (timer !== null) cancel(timer);
    timer = null;
  };
  // whether the current opening got its `ready`: one that fails before was refused (HTTP 429: too
  // many streams, which EventSource cannot tell apart) or found no server, and waits as a refusal asks
  let readied = false;
  const retry = (gen: number, refused = false) => {
    if (stopped || gen !== generation) return;
    drop();
    setLive(false);
    timer = later(() => void open(), refused ? Math.max(delay, STREAM_REFUSED_RETRY_MS) : delay);
    delay = Math.min(delay * 2, RECONNECT_MS.max);
  };
  const open = async () => {
    timer = null;
    const gen = ++generation;
    let t: string | null = null;
    try {
      t = await ticket();
    } catch {
      // no ticket (offline, signed out meanwhile): try again later, polling meanwhile
      return retry(gen);
    }
    if (stopped || gen !== generation) return;
    const es = new Impl(`${API_URL}${routes.getStream.path}${t ? `?ticket=${t}` : ''}`);
    source = es;
    readied = false;
    es.addEventListener('ready', () => {
      if (gen !== generation) return;
      readied = true;
      delay = RECONNECT_MS.first;
      setLive(true);
      // events of the time without a stream were not heard (the first opening follows the page's
      // own first reads: nothing to catch up)
      if (opened) invalidate(KEYS_AFTER_GAP);
      opened = true;
    });
    for (const event of PUBLIC_EVENTS)
      es.addEventListener(event, (e) => throttled(event, keysForEvent(event, String(e.data ?? ''))));
    // the user's own changes: at once, every time
    es.addEventListener(USER_EVENT, (e) => invalidate(keysForEvent(USER_EVENT, String(e.data ?? ''))));
    // the browser's own reconnect would reuse a spent ticket: close and open anew instead
    es.onerror = () => retry(gen, !readied);
  };
  let token = session.token();
  const unsubscribe = session.subscribe(() => {
    if (session.token() === token) return;
    token = session.token();
    generation += 1;
    drop();
    setLive(false);
    delay = RECONNECT_MS.first;
    void open();
  });
  void open();
  return () => {
    stopped = true;
    generation += 1;
    unsubscribe();
    drop();
    setLive(false);
  };
}
