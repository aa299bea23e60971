// GET /api/stream: one server-sent event stream per open page (docs/api.md "Event stream"). Public
// events (round, price, fomo) go to everyone; with a one-use `ticket` (POST /api/user/stream_ticket)
// the reader also gets `user` events naming the query groups their own changes touched. Events come
// from every API process through the database's notifications (services/event-bus.ts); a comment
// line every STREAM_HEARTBEAT_MS keeps proxies from closing an idle stream.
import { ErrorCode } from '@free/protocol';
import { endpoints as e } from '@free/protocol/api/endpoints';
import { STREAM_HEARTBEAT_MS, STREAM_RETRY_MS, type StreamGroup, USER_EVENT } from '@free/protocol/stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../http/auth.ts';
import { ok, sendFailure } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { iso } from '../lib/format.ts';
import { API_SECURITY_HEADERS } from '../lib/security-headers.ts';
import type { BusMessage } from '../services/events.ts';
import { issueStreamTicket, redeemStreamTicket } from '../services/stream-tickets.ts';

/** The SSE frame of one event (`data` on one line: JSON never holds a raw newline). */
const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** What a bus message means to a stream of `userId` (null: a visitor): the frame to send, or none. */
export function frameFor(m: BusMessage, userId: number | null): string | null {
  // team statistics change for every ancestor of whoever staked: that drops caches, but telling
  // every signed-in page to read its team again would be a stampede (a reader's own stake already
  // names `team`)
  if (m.t === 'team') return null;
  if (m.t === 'user') {
    if (userId === null || (m.u !== null && !m.u.includes(userId))) return null;
    return frame(USER_EVENT, { groups: m.g });
  }
  return frame(m.t, m.d ?? {});
}

const EVERYTHING: StreamGroup[] = ['balances', 'wallet', 'orders', 'rounds', 'income', 'team'];

export const streamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const open = ctx.streams;
  // a closing server ends its streams (their clients reconnect elsewhere), else close would wait
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
    open.clear();
  });

  route(app, e.getStream, async (req, reply) => {
    const ticket = req.query.ticket;
    let userId: number | null = null;
    if (ticket !== undefined) {
      userId = await redeemStreamTicket(ctx.db.db, ticket, ctx.clock());
      if (userId === null) return sendFailure(reply, ErrorCode.Unauthorized, 'ticket', 401);
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      ...API_SECURITY_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // nginx and other proxies pass each event on at once instead of buffering the answer
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.socket?.setNoDelay(true);
    res.socket?.setTimeout(0);
    res.write(`retry: ${STREAM_RETRY_MS}\n${frame('ready', { signedIn: userId !== null })}`);
    open.add(res);
    const uid = userId;
    const unsubscribe = ctx.events.subscribe((m) => {
      const text = frameFor(m, uid);
      if (text) res.write(text);
    });
    // notifications may have been missed while the listener was down: read everything again
    const unState = ctx.events.onState((up) => {
      if (!up) return;
      for (const e of ['round', 'price', 'fomo']) res.write(frame(e, {}));
      if (uid !== null) res.write(frame(USER_EVENT, { groups: EVERYTHING }));
    });
    const beat = setInterval(() => res.write(': beat\n\n'), STREAM_HEARTBEAT_MS);
    beat.unref();
    res.once('close', () => {
      clearInterval(beat);
      unsubscribe();
      unState();
      open.delete(res);
    });
  });
};

/** POST /api/user/stream_ticket (signed-in scope): a one-use ticket for GET /api/stream. */
export const streamTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(app, e.postUserStreamTicket, async (req) => {
    const me = currentUser(req);
    const t = await issueStreamTicket(ctx.db.db, {
      userId: me.id,
      token: req.token ?? '',
      now: ctx.clock(),
    });
    return ok({ ticket: t.ticket, expiresAt: iso(t.expiresAt) });
  });
};
