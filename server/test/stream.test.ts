// The event stream and the per-user read cache across API processes: two apps on one database
// (as two processes behind a proxy), a stream held on B, movements committed through A. A
// movement reaches B's stream once committed (never when rolled back, never another user's
// stream), and B's cached /api/user answers the new balance at the next read.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { until } from '@free/devchain/wait';
import { ErrorCode } from '@free/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { amt } from '../src/lib/format.ts';
import { frameFor } from '../src/routes/stream.ts';
import { sha256Hex } from '../src/services/auth.ts';
import type { BusMessage } from '../src/services/events.ts';
import { fundFomo } from '../src/services/fomo.ts';
import { systemAccount, transfer, userAccount } from '../src/services/ledger.ts';
import { account, authHeaders, BACKENDS, signIn, type TestCtx } from './helpers.ts';
import { type TwoApps, twoApps } from './support/two-apps.ts';

type Frame = { event: string; data: unknown };
type Stream = {
  status: number;
  frames: Frame[];
  raw: () => string;
  close: () => void;
  headers: Record<string, unknown>;
  /** resolves when the server ends the stream */
  ended: Promise<void>;
};

/** Opens GET /api/stream on a listening app and collects its frames. */
function openStream(base: string, query = ''): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/stream${query}`, { headers: { accept: 'text/event-stream' } }, (res) => {
      const frames: Frame[] = [];
      let text = '';
      let pending = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        pending += chunk;
        const parts = pending.split('\n\n');
        pending = parts.pop() ?? '';
        for (const part of parts) {
          const event = /^event: (.*)$/m.exec(part)?.[1];
          const data = /^data: (.*)$/m.exec(part)?.[1];
          if (event) frames.push({ event, data: data ? JSON.parse(data) : null });
        }
      });
      res.on('error', () => {});
      const ended = new Promise<void>((done) => res.once('end', () => done()));
      resolve({
        ended,
        status: res.statusCode ?? 0,
        frames,
        raw: () => text,
        close: () => req.destroy(),
        headers: res.headers,
      });
    });
    req.on('error', (e) => {
      if ((e as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(e);
    });
    req.end();
  });
}

const userFrames = (s: Stream) => s.frames.filter((f) => f.event === 'user');

describe('what a stream sends of each notification', () => {
  it("gives a reader their own movements and bulk ones, never another user's, and public events to all", () => {
    const mine: BusMessage = { t: 'user', u: [3, 7], g: ['balances', 'wallet'] };
    expect(frameFor(mine, 7)).toBe('event: user\ndata: {"groups":["balances","wallet"]}\n\n');
    expect(frameFor(mine, 4)).toBeNull();
    expect(frameFor(mine, null)).toBeNull();
    expect(frameFor({ t: 'user', u: null, g: ['balances', 'income'] }, 4)).toContain('"income"');
    expect(frameFor({ t: 'round', d: { phase: 'bet' } }, null)).toBe(
      'event: round\ndata: {"phase":"bet"}\n\n',
    );
    expect(frameFor({ t: 'fomo' }, 4)).toBe('event: fomo\ndata: {}\n\n');
    // team statistics only drop caches: pages are not all told to read their team again
    expect(frameFor({ t: 'team' }, 4)).toBeNull();
  });
});

// on both backends (test/support/test-db.ts BACKENDS): notifications (in-process on PGlite, a
// LISTEN connection on PostgreSQL, db/client.ts)
describe.each(BACKENDS)('event stream across two API processes on $name', ({ url }) => {
  let a: TestCtx;
  let b: TestCtx;
  let baseB: string;
  let alice: { token: string; userId: number };
  let bob: { token: string; userId: number };

  let apps: TwoApps;

  beforeAll(async () => {
    // B is started as the browser tests' stack starts it: with the local developer routes
    apps = await twoApps(
      url,
      {},
      { devTools: { advance: () => Promise.reject(new Error('not used here')) } },
    );
    ({ a, b } = apps);
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    baseB = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
    alice = await signIn(a, account('stream-alice'));
    bob = await signIn(a, account('stream-bob'));
  });
  afterAll(() => apps.close());

  const ticketFor = async (token: string) => {
    const r = await a.app.inject({
      method: 'POST',
      url: '/api/user/stream_ticket',
      headers: authHeaders(a, token),
    });
    expect(r.json().code).toBe(200);
    return r.json().data.ticket as string;
  };

  /** A movement committed through A (its own transaction), or rolled back when `fail`. */
  const credit = async (userId: number, amount: bigint, key: string, fail = false) =>
    a.db
      .transaction(async (tx) => {
        await transfer(tx, {
          key,
          from: systemAccount('adjust'),
          to: userAccount(userId),
          asset: 'USDT',
          amount,
          kind: 'adjust',
        });
        if (fail) throw new Error('rolled back on purpose');
      })
      .catch((e: Error) => {
        if (!fail) throw e;
      });

  it('opens a visitor stream without a platform header, unbuffered, with the strict API headers', async () => {
    const s = await openStream(baseB);
    try {
      expect(s.status).toBe(200);
      expect(s.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(s.headers['x-accel-buffering']).toBe('no');
      expect(s.headers['cache-control']).toContain('no-cache');
      expect(s.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      await until('ready', async () => s.frames.find((f) => f.event === 'ready'), 10_000, 20);
      expect(s.frames[0]).toEqual({ event: 'ready', data: { signedIn: false } });
      expect(s.raw()).toMatch(/^retry: \d+\n/);
    } finally {
      s.close();
    }
  });

  it('tells a visitor on B of a FOMO pool funded through A, and nothing of users', async () => {
    const s = await openStream(baseB);
    try {
      await until('ready', async () => s.frames.length > 0, 10_000, 20);
      await credit(alice.userId, 5n, 'stream:visitor:1');
      expect(await fundFomo(a.db.db, 10n ** 18n, 'stream-test')).toBe(true);
      await until('fomo event', async () => s.frames.find((f) => f.event === 'fomo'), 10_000, 20);
      expect(userFrames(s)).toEqual([]);
    } finally {
      s.close();
    }
  });

  it("brings alice's own committed movement through A to her stream on B, not bob's nor a rolled-back one", async () => {
    const s = await openStream(baseB, `?ticket=${await ticketFor(alice.token)}`);
    try {
      await until('ready', async () => s.frames.find((f) => f.event === 'ready'), 10_000, 20);
      expect(s.frames[0]).toEqual({ event: 'ready', data: { signedIn: true } });
      // notifications arrive in commit order: once alice's arrives, the earlier ones were heard
      await credit(bob.userId, 7n, 'stream:bob:1');
      await credit(alice.userId, 9n, 'stream:alice:rolled', true);
      await credit(alice.userId, 11n, 'stream:alice:1');
      await until('alice event', async () => userFrames(s).length > 0, 10_000, 20);
      expect(userFrames(s)).toEqual([{ event: 'user', data: { groups: ['balances'] } }]);
    } finally {
      s.close();
    }
  });

  it('ends every stream of B on POST /api/dev/streams/close of B, a route only the dev tools serve', async () => {
    const s = await openStream(baseB, `?ticket=${await ticketFor(alice.token)}`);
    try {
      await until('ready', async () => s.frames.find((f) => f.event === 'ready'), 10_000, 20);
      const onA = await a.app.inject({
        method: 'POST',
        url: '/api/dev/streams/close',
        headers: { platform: 'h5' },
      });
      expect(onA.json().code).toBe(ErrorCode.NotFound);
      const onB = await b.app.inject({
        method: 'POST',
        url: '/api/dev/streams/close',
        headers: { platform: 'h5' },
      });
      expect(onB.json()).toMatchObject({ code: 200, data: { closed: 1 } });
      await s.ended;
      expect(b.app.ctx.streams.size).toBe(0);
    } finally {
      s.close();
    }
  });

  it('ends the streams of a session logged out on A within seconds on B, and only those', async () => {
    const second = await signIn(a, account('stream-alice'));
    const s = await openStream(baseB, `?ticket=${await ticketFor(second.token)}`);
    const kept = await openStream(baseB, `?ticket=${await ticketFor(alice.token)}`);
    const visitor = await openStream(baseB);
    try {
      await until('ready', async () => s.frames.find((f) => f.event === 'ready'), 10_000, 20);
      await until('ready', async () => kept.frames.find((f) => f.event === 'ready'), 10_000, 20);
      const logout = await a.app.inject({
        method: 'POST',
        url: '/api/user/logout',
        headers: authHeaders(a, second.token),
      });
      expect(logout.json().data).toEqual({ revoked: true });
      await Promise.race([
        s.ended,
        new Promise((_, fail) => setTimeout(() => fail(new Error('the stream outlived its session')), 5_000)),
      ]);
      // alice's other session and the visitor keep their streams, and still hear alice's movement
      await credit(alice.userId, 13n, 'stream:alice:after-logout');
      await until('alice event', async () => userFrames(kept).length > 0, 10_000, 20);
      expect(b.app.ctx.streams.size).toBe(2);
      // a session on B's cache is refused on B at once too
      const me = await b.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: authHeaders(b, second.token),
      });
      expect(me.json().code).toBe(ErrorCode.Unauthorized);
    } finally {
      s.close();
      kept.close();
      visitor.close();
    }
  });

  it('ends on B the stream of a session revoked from the sessions page on A', async () => {
    const other = await signIn(a, account('stream-bob'));
    const s = await openStream(baseB, `?ticket=${await ticketFor(other.token)}`);
    try {
      await until('ready', async () => s.frames.find((f) => f.event === 'ready'), 10_000, 20);
      const r = await a.app.inject({
        method: 'POST',
        url: '/api/user/sessions/revoke',
        headers: authHeaders(a, bob.token),
        payload: { others: true },
      });
      expect(r.json().data.revoked).toBeGreaterThanOrEqual(1);
      await Promise.race([
        s.ended,
        new Promise((_, fail) => setTimeout(() => fail(new Error('the stream outlived its session')), 5_000)),
      ]);
    } finally {
      s.close();
    }
  });

  it.runIf(url !== 'memory://')(
    "ends on B, once it listens again, the stream of a session revoked while B's listener was down",
    async () => {
      const carol = await signIn(a, account('stream-carol'));
      const s = await openStream(baseB, `?ticket=${await ticketFor(carol.token)}`);
      try {
        await until('ready', async () => s.frames.find((f) => f.event === 'ready'), 10_000, 20);
        // revoked without a notification: only B's check after a listener outage can see it
        await a.db.db.execute(
          sql`UPDATE sessions SET revoked_at = now() WHERE token_hash = ${sha256Hex(carol.token)}`,
        );
        const held = b.app.ctx.streams.size;
        expect(held).toBeGreaterThanOrEqual(1);
        // the listening connections of this schema end; each process reconnects and checks
        const ended = await a.db.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE query IN ('LISTEN ' || quote_ident('free_' || current_schema()), 'LISTEN "free_' || current_schema() || '"')`);
        expect(rowsOf(ended).length).toBe(2);
        await Promise.race([
          s.ended,
          new Promise((_, fail) =>
            setTimeout(() => fail(new Error('the stream outlived its session')), 20_000),
          ),
        ]);
        expect(b.app.ctx.streams.size).toBe(held - 1);
      } finally {
        s.close();
      }
    },
  );

  it('refuses a ticket used twice, a made-up one, and keeps it out of the request log', async () => {
    const ticket = await ticketFor(alice.token);
    const first = await openStream(baseB, `?ticket=${ticket}`);
    first.close();
    expect(first.status).toBe(200);
    for (const q of [`?ticket=${ticket}`, `?ticket=${'ab'.repeat(32)}`]) {
      const r = await b.app.inject({ method: 'GET', url: `/api/stream${q}` });
      expect(r.statusCode).toBe(401);
      expect(r.json().code).toBe(ErrorCode.Unauthorized);
    }
    const bad = await b.app.inject({ method: 'GET', url: '/api/stream?ticket=nothex' });
    expect(bad.json().code).toBe(ErrorCode.BadRequest);
  });

  it("answers B's cached /api/user fresh after a movement committed through A", async () => {
    const balanceOnB = async () => {
      const r = await b.app.inject({ method: 'GET', url: '/api/user', headers: authHeaders(b, bob.token) });
      return r.json().data.balances.wallet.USDT as string;
    };
    const before = await balanceOnB();
    const hits = b.app.ctx.reads.hits;
    expect(await balanceOnB()).toBe(before);
    // the second read came from memory: a change behind the ledger's back (no notification) is not seen
    expect(b.app.ctx.reads.hits).toBeGreaterThan(hits);
    await b.db.db.execute(
      sql`UPDATE balances SET amount = amount + 1 WHERE user_id = ${bob.userId} AND account = 'wallet' AND asset = 'USDT'`,
    );
    expect(await balanceOnB()).toBe(before);
    const heard = b.app.ctx.events.heard;
    await credit(bob.userId, 10n ** 18n, 'stream:bob:cache');
    await until('B heard the movement', async () => b.app.ctx.events.heard > heard, 10_000, 5);
    const after = await balanceOnB();
    expect(after).not.toBe(before);
    // the movement and the change made behind the cache's back, both read from the database now
    const [row] = rowsOf<{ a: string }>(
      await b.db.db.execute(
        sql`SELECT amount::text AS a FROM balances WHERE user_id = ${bob.userId} AND account = 'wallet' AND asset = 'USDT'`,
      ),
    );
    expect(after).toBe(amt(BigInt(row?.a ?? '0')));
  });
});
