// How many event streams one client, one user and one process may hold (docs/api.md "Event stream"):
// a stream over a cap is refused with HTTP 429 and Retry-After and holds nothing; a stream ends
// after its maximum age, and when its reader stops reading, so none lives on unattended.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { until } from '@free/devchain/wait';
import { ErrorCode } from '@free/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { StreamLimits } from '../src/config.ts';
import { DEFAULT_STREAM_LIMITS } from '../src/config.ts';
import { account, authHeaders, BACKEND, closeApp, makeApp, signIn, type TestCtx } from './helpers.ts';

type Opened = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: () => string;
  ended: Promise<void>;
  close: () => void;
  pause: () => void;
};

/** GET /api/stream from the client `ip` (X-Forwarded-For, the app trusts one proxy). */
function open(base: string, ip: string, query = ''): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/stream${query}`,
      { headers: { accept: 'text/event-stream', 'x-forwarded-for': ip } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('error', () => {});
        const ended = new Promise<void>((done) => {
          res.once('end', () => done());
          res.once('close', () => done());
        });
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: () => text,
          ended,
          close: () => req.destroy(),
          pause: () => res.pause(),
        });
      },
    );
    req.on('error', (e) => {
      if ((e as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(e);
    });
    req.end();
  });
}

describe.each(BACKEND)('event stream limits on $name', ({ url }) => {
  let t: TestCtx | undefined;
  const held: Opened[] = [];
  afterEach(async () => {
    for (const s of held.splice(0)) s.close();
    await closeApp(t);
    t = undefined;
  });

  async function start(limits: Partial<StreamLimits>) {
    const app = await makeApp(url, {
      config: { trustProxy: 1, streamLimits: { ...DEFAULT_STREAM_LIMITS, ...limits } },
    });
    t = app;
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    return { app, base: `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}` };
  }
  const hold = async (base: string, ip: string, query = '') => {
    const s = await open(base, ip, query);
    held.push(s);
    return s;
  };
  const ticketFor = async (app: TestCtx, token: string) => {
    const r = await app.app.inject({
      method: 'POST',
      url: '/api/user/stream_ticket',
      headers: authHeaders(app, token),
    });
    return r.json().data.ticket as string;
  };
  const expectRefused = async (s: Opened) => {
    expect(s.status).toBe(429);
    expect(Number(s.headers['retry-after'])).toBeGreaterThan(0);
    await s.ended;
    expect(JSON.parse(s.body() || '{}').code).toBe(ErrorCode.TooManyRequests);
  };

  it('refuses a client its streams over the cap with 429 and Retry-After, the same /64 as one client, others not', async () => {
    const { app, base } = await start({ perClient: 2 });
    expect((await hold(base, '203.0.113.1')).status).toBe(200);
    const second = await hold(base, '203.0.113.1');
    expect(second.status).toBe(200);
    const third = await hold(base, '203.0.113.1');
    await expectRefused(third);
    expect(app.app.ctx.streams.size).toBe(2);
    // another client is not refused; one /64 is one client
    expect((await hold(base, '198.51.100.2')).status).toBe(200);
    expect((await hold(base, '2001:db8:5:6::1')).status).toBe(200);
    expect((await hold(base, '2001:db8:5:6::2')).status).toBe(200);
    await expectRefused(await hold(base, '2001:db8:5:6:ffff::3'));
    // a stream that ends frees its place
    second.close();
    await until('the closed stream is let go', async () => app.app.ctx.streams.size === 4, 10_000, 20);
    expect((await hold(base, '203.0.113.1')).status).toBe(200);
  });

  it('refuses a signed-in user more streams than their cap, from any address, and keeps visitors out of it', async () => {
    const { app, base } = await start({ perUser: 1 });
    const alice = await signIn(app, account('stream-cap-alice'));
    const first = await hold(base, '203.0.113.10', `?ticket=${await ticketFor(app, alice.token)}`);
    expect(first.status).toBe(200);
    const ticket = await ticketFor(app, alice.token);
    await expectRefused(await hold(base, '198.51.100.11', `?ticket=${ticket}`));
    // visitors from either address still get their stream
    expect((await hold(base, '198.51.100.11')).status).toBe(200);
    expect((await hold(base, '203.0.113.10')).status).toBe(200);
    first.close();
    await until('alice lets go', async () => app.app.ctx.streams.size === 2, 10_000, 20);
    // the refused stream did not spend its ticket
    expect((await hold(base, '198.51.100.11', `?ticket=${ticket}`)).status).toBe(200);
  });

  it('refuses any stream once the process holds its cap', async () => {
    const { base } = await start({ perProcess: 3 });
    for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) expect((await hold(base, ip)).status).toBe(200);
    await expectRefused(await hold(base, '192.0.2.4'));
  });

  it('ends a stream after its maximum age', async () => {
    const { app, base } = await start({ maxAgeMs: 300 });
    const s = await hold(base, '192.0.2.9');
    expect(s.status).toBe(200);
    await until('the server ends the old stream', async () => app.app.ctx.streams.size === 0, 10_000, 20);
    await s.ended;
  });

  it('ends the stream of a reader that stops reading, instead of buffering for it', async () => {
    const { app, base } = await start({});
    const s = await hold(base, '192.0.2.10');
    s.pause();
    const big = 'x'.repeat(6_000);
    // events pile up behind the unread socket until the server gives up on the reader
    await until(
      'the unread stream is ended',
      async () => {
        for (let i = 0; i < 200; i++) app.app.ctx.events.deliver({ t: 'price', d: { pad: big } });
        return app.app.ctx.streams.size === 0;
      },
      30_000,
      10,
    );
  });
});
