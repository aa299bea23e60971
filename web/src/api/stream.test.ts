// The live updates of src/api/stream.ts: which queries each event reads again, the polling
// fallback while the stream is down, reconnection with a fresh ticket and a growing delay.

import { STREAM_GROUPS, STREAM_REFUSED_RETRY_MS } from '@free/protocol/stream';
import { QueryClient, type QueryKey, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../session/store';
import { keys } from './keys';
import { listKey } from './list';
import { LIST_ROUTES } from './list-routes';
import {
  GROUP_KEYS,
  KEYS_AFTER_GAP,
  keysForEvent,
  pollUnlessLive,
  RECONNECT_MS,
  startStream,
  streamLive,
} from './stream';

const ids = (list: readonly QueryKey[]) => list.map((k) => JSON.stringify(k));

const isPrefix = (prefix: QueryKey, key: QueryKey) =>
  prefix.length <= key.length && prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]));

/**
 * The keys of the queries the app makes: every query reads its key from the key tree (src/api/keys.ts),
 * lists through listKey. Each factory is called with a stand-in for its arguments, each list with its
 * entry of the endpoint map. A key that begins longer ones (`keys.user.all()`, `keys.user.lists()`) counts only through
 * them, so that a prefix never reaches a query by matching itself.
 */
function appQueryKeys(): QueryKey[] {
  const made: QueryKey[] = LIST_ROUTES.map((route) => listKey(route, {}));
  const walk = (node: object) => {
    for (const value of Object.values(node)) {
      if (typeof value === 'function') {
        const fn = value as (...args: unknown[]) => QueryKey;
        made.push(fn(...Array(fn.length).fill('x')));
      } else if (value && typeof value === 'object') walk(value);
    }
  };
  walk(keys);
  return made.filter((key) => !made.some((other) => other.length > key.length && isPrefix(key, other)));
}

describe('keysForEvent', () => {
  it('reads the round and its chart again on a round event, the pool on fomo, the quotes on price', () => {
    expect(ids(keysForEvent('round', '{"phase":"settled"}'))).toEqual(
      ids([keys.public.round(), keys.public.roundChart()]),
    );
    // an opening or a bet changes the current round, not the history of the chart
    expect(ids(keysForEvent('round', '{"phase":"bet"}'))).toEqual(ids([keys.public.round()]));
    expect(ids(keysForEvent('round', '{"phase":"open"}'))).toEqual(ids([keys.public.round()]));
    expect(ids(keysForEvent('fomo', '{}'))).toEqual(ids([keys.public.fomo()]));
    expect(ids(keysForEvent('price', '{}'))).toEqual(ids([keys.public.quotes()]));
  });

  it("reads the profile and flow records again on the user's balances, and the wallet's records on wallet", () => {
    const balances = ids(keysForEvent('user', '{"groups":["balances"]}'));
    expect(balances).toContain(JSON.stringify(keys.user.me()));
    expect(balances).toContain(JSON.stringify(keys.user.listAt('/api/user/finance')));
    expect(balances).not.toContain(JSON.stringify(keys.chain.all()));
    const wallet = ids(keysForEvent('user', '{"groups":["balances","wallet"]}'));
    expect(wallet).toContain(JSON.stringify(keys.chain.all()));
    expect(wallet).toContain(JSON.stringify(keys.user.rechargesAll()));
    // each key once, however many groups name it
    expect(new Set(wallet).size).toBe(wallet.length);
  });

  it('reads again, for every group of a user event, only keys that reach a query the app makes', () => {
    const queries = appQueryKeys();
    for (const group of STREAM_GROUPS) {
      const keysOfGroup = keysForEvent('user', JSON.stringify({ groups: [group] }));
      expect(keysOfGroup.length, group).toBeGreaterThan(0);
      expect(ids(keysOfGroup), group).toEqual(ids(GROUP_KEYS[group]));
      for (const key of keysOfGroup)
        expect(
          queries.some((q) => isPrefix(key, q)),
          `${group}: ${JSON.stringify(key)} reaches no query`,
        ).toBe(true);
    }
  });

  it('ignores unknown events, unknown groups and data that is not JSON', () => {
    expect(keysForEvent('ready', '{}')).toEqual([]);
    expect(keysForEvent('user', '{"groups":["someday"]}')).toEqual([]);
    expect(keysForEvent('user', 'not json')).toEqual([]);
    expect(ids(keysForEvent('user', '{"groups":["team","nope"]}'))).toContain(
      JSON.stringify(keys.user.teamInfo()),
    );
  });
});

describe('pollUnlessLive', () => {
  it('polls only while the stream is down', () => {
    expect(pollUnlessLive(false, 5_000)).toBe(5_000);
    expect(pollUnlessLive(true, 5_000)).toBe(false);
  });
});

/** An EventSource stand-in: the test fires its events. */
class FakeSource {
  static made: FakeSource[] = [];
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  onerror: ((e: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSource.made.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  fire(type: string, data = '{}') {
    for (const fn of this.listeners.get(type) ?? []) fn(new MessageEvent(type, { data }));
  }
}

const until = async (what: string, fn: () => boolean) => {
  for (let i = 0; i < 200; i++) {
    if (fn()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`never: ${what}`);
};

describe('startStream', () => {
  let stop: () => void = () => {};
  afterEach(() => {
    stop();
    FakeSource.made = [];
    session.clear();
  });

  const seeded = () => {
    const qc = new QueryClient();
    for (const key of [keys.user.me(), keys.public.round(), keys.public.fomo(), keys.user.teamInfo()])
      qc.setQueryData(key, { seeded: true });
    return qc;
  };
  const invalidated = (qc: QueryClient, key: QueryKey) => qc.getQueryState(key)?.isInvalidated ?? false;

  it('invalidates exactly what an event names, and opens with a ticket when signed in', async () => {
    session.set({ token: 'a'.repeat(64), user: { address: '0x1' } });
    const qc = seeded();
    let tickets = 0;
    stop = startStream(qc, {
      EventSource: FakeSource,
      ticket: async () => `t${++tickets}`,
    });
    await until('a stream', () => FakeSource.made.length === 1);
    const es = FakeSource.made[0] as FakeSource;
    expect(es.url).toMatch(/\/api\/stream\?ticket=t1$/);
    es.fire('ready', '{"signedIn":true}');
    es.fire('user', '{"groups":["balances"]}');
    expect(invalidated(qc, keys.user.me())).toBe(true);
    expect(invalidated(qc, keys.public.round())).toBe(false);
    expect(invalidated(qc, keys.user.teamInfo())).toBe(false);
    es.fire('round');
    expect(invalidated(qc, keys.public.round())).toBe(true);
    expect(invalidated(qc, keys.public.fomo())).toBe(false);
  });

  it('reads again a first read that was under way when the event came (it may have read before the change)', async () => {
    session.set({ token: 'c'.repeat(64), user: { address: '0x3' } });
    const qc = new QueryClient();
    const answers: ((v: string) => void)[] = [];
    const reads = () => answers.length;
    const observer = new QueryObserver(qc, {
      queryKey: keys.user.me(),
      queryFn: () => new Promise<string>((resolve) => answers.push(resolve)),
    });
    const unsubscribe = observer.subscribe(() => {});
    try {
      stop = startStream(qc, { EventSource: FakeSource, ticket: async () => 't1' });
      await until('a stream', () => FakeSource.made.length === 1);
      await until('the first read', () => reads() === 1);
      const es = FakeSource.made[0] as FakeSource;
      es.fire('ready', '{"signedIn":true}');
      es.fire('user', '{"groups":["balances"]}');
      // the first read answers what it read before the movement: a second read follows
      answers[0]?.('before');
      await until('a second read', () => reads() === 2);
      answers[1]?.('after');
      await until('the figure after the movement', () => qc.getQueryData(keys.user.me()) === 'after');
    } finally {
      unsubscribe();
    }
  });

  it('reconnects after an error with a new ticket, waiting longer each time, and reads everything again', async () => {
    session.set({ token: 'b'.repeat(64), user: { address: '0x2' } });
    const qc = seeded();
    const delays: number[] = [];
    const pending: (() => void)[] = [];
    let tickets = 0;
    stop = startStream(qc, {
      EventSource: FakeSource,
      ticket: async () => `t${++tickets}`,
      setTimeout: (fn, ms) => {
        delays.push(ms);
        pending.push(fn);
        return pending.length;
      },
      clearTimeout: () => {},
    });
    await until('a stream', () => FakeSource.made.length === 1);
    const first = FakeSource.made[0] as FakeSource;
    first.fire('ready');
    first.onerror?.(new Event('error'));
    expect(first.closed).toBe(true);
    (pending.shift() as () => void)();
    await until('a second stream', () => FakeSource.made.length === 2);
    const second = FakeSource.made[1] as FakeSource;
    expect(second.url).toMatch(/ticket=t2$/);
    // failing before `ready` (refused, or the server unreachable): the server's Retry-After at least
    second.onerror?.(new Event('error'));
    (pending.shift() as () => void)();
    await until('a third stream', () => FakeSource.made.length === 3);
    expect(delays).toEqual([RECONNECT_MS.first, STREAM_REFUSED_RETRY_MS]);
    // back after a gap: every covered query is read again
    (FakeSource.made[2] as FakeSource).fire('ready');
    for (const key of KEYS_AFTER_GAP.filter((k) => qc.getQueryState(k)))
      expect(invalidated(qc, key), JSON.stringify(key)).toBe(true);
    expect(invalidated(qc, keys.user.me())).toBe(true);
  });

  it('polls while a stream is refused, waits as the server asks before trying again, one stream at a time', async () => {
    session.set({ token: 'd'.repeat(64), user: { address: '0x4' } });
    const qc = seeded();
    const delays: number[] = [];
    const pending: (() => void)[] = [];
    stop = startStream(qc, {
      EventSource: FakeSource,
      ticket: async () => 't',
      setTimeout: (fn, ms) => {
        delays.push(ms);
        pending.push(fn);
        return pending.length;
      },
      clearTimeout: () => {},
    });
    const openNow = () => FakeSource.made.filter((s) => !s.closed).length;
    for (let i = 1; i <= 3; i++) {
      await until(`opening ${i}`, () => FakeSource.made.length === i);
      expect(openNow()).toBe(1);
      // refused (HTTP 429): the browser reports an error before any event
      (FakeSource.made[i - 1] as FakeSource).onerror?.(new Event('error'));
      expect(openNow()).toBe(0);
      expect(streamLive()).toBe(false);
      (pending.shift() as () => void)();
    }
    // never sooner than the server's Retry-After, and the queries poll meanwhile
    expect(delays.every((d) => d >= STREAM_REFUSED_RETRY_MS)).toBe(true);
    expect(pollUnlessLive(streamLive(), 10_000)).toBe(10_000);
    // once a stream opens, polling stops
    await until('opening 4', () => FakeSource.made.length === 4);
    (FakeSource.made[3] as FakeSource).fire('ready');
    expect(pollUnlessLive(streamLive(), 10_000)).toBe(false);
  });

  it('reads a public figure again at most once per gap, gathering the events inside it', async () => {
    const qc = seeded();
    qc.setQueryData(keys.public.roundChart(), { seeded: true });
    const pending: { fn: () => void; ms: number }[] = [];
    let clock = 1_000_000;
    stop = startStream(qc, {
      EventSource: FakeSource,
      ticket: async () => null,
      now: () => clock,
      setTimeout: (fn, ms) => pending.push({ fn, ms }),
      clearTimeout: () => {},
    });
    await until('a stream', () => FakeSource.made.length === 1);
    const es = FakeSource.made[0] as FakeSource;
    es.fire('ready');
    es.fire('round', '{"phase":"bet"}');
    expect(invalidated(qc, keys.public.round())).toBe(true);
    expect(invalidated(qc, keys.public.roundChart())).toBe(false);
    // read again meanwhile: fresh
    qc.setQueryData(keys.public.round(), { seeded: 2 });
    expect(invalidated(qc, keys.public.round())).toBe(false);
    clock += 1_000;
    es.fire('round', '{"phase":"bet"}');
    es.fire('round', '{"phase":"settled"}');
    // inside the gap: nothing yet, one read scheduled for its end
    expect(invalidated(qc, keys.public.round())).toBe(false);
    expect(pending.map((p) => p.ms)).toEqual([4_000]);
    clock += 4_000;
    pending[0]?.fn();
    expect(invalidated(qc, keys.public.round())).toBe(true);
    expect(invalidated(qc, keys.public.roundChart())).toBe(true);
  });

  it('opens a visitor stream without a ticket, and starts over with one on sign-in', async () => {
    const qc = seeded();
    stop = startStream(qc, { EventSource: FakeSource, ticket: async () => (session.token() ? 'tk' : null) });
    await until('a stream', () => FakeSource.made.length === 1);
    expect((FakeSource.made[0] as FakeSource).url).toMatch(/\/api\/stream$/);
    session.set({ token: 'c'.repeat(64), user: { address: '0x3' } });
    await until('a signed-in stream', () => FakeSource.made.length === 2);
    expect((FakeSource.made[0] as FakeSource).closed).toBe(true);
    expect((FakeSource.made[1] as FakeSource).url).toMatch(/ticket=tk$/);
  });
});
