// GET /api/stream: one server-sent event stream per open page (docs/api.md "Event stream"). Public
// events (round, price, fomo) go to everyone; with a one-use `ticket` (POST /api/user/stream_ticket)
// the reader also gets `user` events naming the query groups their own changes touched. Events come
// from every API process through the database's notifications (services/event-bus.ts); a comment
// line every STREAM_HEARTBEAT_MS keeps proxies from closing an idle stream.
import { ErrorCode } from '@free/protocol';
import { endpoints as e } from '@free/protocol/api/endpoints';
import {
  STREAM_HEARTBEAT_MS,
  STREAM_REFUSED_RETRY_MS,
  STREAM_RETRY_MS,
  type StreamGroup,
  USER_EVENT,
} from '@free/protocol/stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../http/auth.ts';
import { clientKey } from '../http/client-key.ts';
import { ok, sendFailure } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import type { StreamHold } from '../http/streams.ts';
import { API_SECURITY_HEADERS } from '../lib/security-headers.ts';
import type { BusMessage } from '../services/events.ts';
import { endedSessions, issueStreamTicket, redeemStreamTicket } from '../services/stream-tickets.ts';
import { toStreamTicketView } from '../views/stream.ts';

/** The SSE frame of one event (`data` on one line: JSON never holds a raw newline). */
const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** What a bus message means to a stream of `userId` (null: a visitor): the frame to send, or none. */
export function frameFor(m: BusMessage, userId: number | null): string | null {
  // team statistics change for every ancestor of whoever staked: that drops caches, but telling
  // every signed-in page to read its team again would be a stampede (a reader's own stake already
  // names `team`)
  if (m.t === 'team' || m.t === 'revoke') return null;
  if (m.t === 'user') {
    if (userId === null || (m.u !== null && !m.u.includes(userId))) return null;
    return frame(USER_EVENT, { groups: m.g });
  }
  return frame(m.t, m.d ?? {});
}

const EVERYTHING: StreamGroup[] = ['balances', 'wallet', 'orders', 'rounds', 'income', 'team'];

/** A refused stream is told to come back after this long (HTTP 429, Retry-After, in seconds). */
export const STREAM_REFUSED_RETRY_S = STREAM_REFUSED_RETRY_MS / 1000;
/** A reader this far behind is not reading: its stream ends instead of the server buffering for it. */
export const STREAM_BACKLOG_BYTES = 256 * 1024;

export const streamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const open = ctx.streams;
  // a closing server ends its streams (their clients reconnect elsewhere), else close would wait
  app.addHook('preClose', async () => {
    open.endAll();
  });
  // a revoked session's streams end on every process: the revocation's notification names them
  const unRevoke = ctx.events.subscribe((m) => {
    if (m.t === 'revoke') open.endSessions(m.u, m.s);
  });
  // notifications may have been missed while the listener was down: ask which sessions ended
  const unRecheck = ctx.events.onState((up) => {
    if (!up) return;
    endedSessions(ctx.db.db, open.sessionHashes(), ctx.clock()).then(
      (ended) => open.endSessions(null, ended),
      (err: Error) => app.log.warn({ err: err.message }, 'stream: could not re-check sessions'),
    );
  });
  app.addHook('onClose', async () => {
    unRevoke();
    unRecheck();
  });

  route(app, e.getStream, async (req, reply) => {
    const limits = ctx.config.streamLimits;
    const client = clientKey(req.ip);
    const refuse = () => {
      reply.header('retry-after', String(STREAM_REFUSED_RETRY_S));
      return sendFailure(reply, ErrorCode.TooManyRequests, 'stream', 429);
    };
    // the caps of the process and the client before a ticket is spent
    if (open.over(limits, client, null)) return refuse();
    const ticket = req.query.ticket;
    let who: { userId: number; sessionHash: string } | null = null;
    if (ticket !== undefined) {
      // a user already at their cap keeps the ticket: the redemption rolls back
      const atCap = new Error('stream cap of the user');
      try {
        who = await ctx.db.db.transaction(async (tx) => {
          const got = await redeemStreamTicket(tx, ticket, ctx.clock());
          if (got && open.over(limits, client, got.userId)) throw atCap;
          return got;
        });
      } catch (err) {
        if (err === atCap) return refuse();
        throw err;
      }
      if (who === null) return sendFailure(reply, ErrorCode.Unauthorized, 'ticket', 401);
    }
    // again with the user, and with what opened meanwhile; nothing awaits between this and add
    if (open.over(limits, client, who?.userId ?? null)) return refuse();
    const res = reply.raw;
    const hold: StreamHold = {
      res,
      client,
      userId: who?.userId ?? null,
      sessionHash: who?.sessionHash ?? null,
    };
    open.add(hold);
    reply.hijack();
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
    // the heartbeat keeps the socket busy; the age limit and the backlog check end a stream instead
    res.socket?.setTimeout(0);
    const send = (text: string) => {
      if (res.writableLength > STREAM_BACKLOG_BYTES) {
        res.destroy();
        return;
      }
      res.write(text);
    };
    send(`retry: ${STREAM_RETRY_MS}\n${frame('ready', { signedIn: who !== null })}`);
    const uid = hold.userId;
    const unsubscribe = ctx.events.subscribe((m) => {
      const text = frameFor(m, uid);
      if (text) send(text);
    });
    // notifications may have been missed while the listener was down: read everything again
    const unState = ctx.events.onState((up) => {
      if (!up) return;
      for (const e of ['round', 'price', 'fomo']) send(frame(e, {}));
      if (uid !== null) send(frame(USER_EVENT, { groups: EVERYTHING }));
    });
    const beat = setInterval(() => send(': beat\n\n'), STREAM_HEARTBEAT_MS);
    beat.unref();
    // no stream lives forever: it ends after its age (spread by up to a tenth, so streams opened
    // together do not all reconnect together) and the client opens a new one, its session checked
    const age = setTimeout(
      () => res.end(),
      limits.maxAgeMs - Math.floor(Math.random() * limits.maxAgeMs * 0.1),
    );
    age.unref();
    res.once('close', () => {
      clearInterval(beat);
      clearTimeout(age);
      unsubscribe();
      unState();
      open.delete(hold);
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
    return ok(toStreamTicketView(t));
  });
};
