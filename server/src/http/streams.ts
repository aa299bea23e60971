// The event streams this process holds open (GET /api/stream, routes/stream.ts), counted by client
// (http/client-key.ts), by signed-in user and in all, so the caps of docs/api.md "Event stream" are
// checked in one place; a signed-in stream also remembers its session, so a revoked session's
// streams can be ended wherever they are held.
import type { ServerResponse } from 'node:http';
import type { StreamLimits } from '../config.ts';

export type StreamHold = {
  res: ServerResponse;
  /** clientKey of the reader's address */
  client: string;
  /** the signed-in reader, null for a visitor */
  userId: number | null;
  /** sha256 of the session token that asked for the ticket, null for a visitor */
  sessionHash: string | null;
};

/** Which cap a new stream would pass: the first one over, or null when it may open. */
export type StreamCap = 'process' | 'client' | 'user';

const bump = <K>(m: Map<K, number>, k: K, by: number) => {
  const n = (m.get(k) ?? 0) + by;
  if (n > 0) m.set(k, n);
  else m.delete(k);
};

export class StreamRegistry {
  readonly #holds = new Set<StreamHold>();
  readonly #byClient = new Map<string, number>();
  readonly #byUser = new Map<number, number>();

  get size(): number {
    return this.#holds.size;
  }

  /** Every open stream's response (the dev route and a closing server end them). */
  *[Symbol.iterator](): IterableIterator<ServerResponse> {
    for (const h of this.#holds) yield h.res;
  }

  /** The cap a stream of `client` (and `userId`) would exceed now, or null. */
  over(limits: StreamLimits, client: string, userId: number | null): StreamCap | null {
    if (this.#holds.size >= limits.perProcess) return 'process';
    if ((this.#byClient.get(client) ?? 0) >= limits.perClient) return 'client';
    if (userId !== null && (this.#byUser.get(userId) ?? 0) >= limits.perUser) return 'user';
    return null;
  }

  add(h: StreamHold): void {
    if (this.#holds.has(h)) return;
    this.#holds.add(h);
    bump(this.#byClient, h.client, 1);
    if (h.userId !== null) bump(this.#byUser, h.userId, 1);
  }

  delete(h: StreamHold): void {
    if (!this.#holds.delete(h)) return;
    bump(this.#byClient, h.client, -1);
    if (h.userId !== null) bump(this.#byUser, h.userId, -1);
  }

  /** The signed-in streams' session hashes (to check against the database). */
  sessionHashes(): string[] {
    return [...new Set([...this.#holds].flatMap((h) => (h.sessionHash ? [h.sessionHash] : [])))];
  }

  /**
   * Ends the streams of these sessions (`sessions`), or of every session of `userId` when `sessions`
   * is null; returns how many were ended.
   */
  endSessions(userId: number | null, sessions: readonly string[] | null): number {
    const which = sessions ? new Set(sessions) : null;
    let n = 0;
    for (const h of [...this.#holds]) {
      if (h.sessionHash === null) continue;
      if (which ? !which.has(h.sessionHash) : h.userId !== userId) continue;
      this.delete(h);
      h.res.end();
      n += 1;
    }
    return n;
  }

  /** Ends every stream (a closing server: their clients reconnect elsewhere). */
  endAll(): number {
    const all = [...this.#holds];
    for (const h of all) {
      this.delete(h);
      h.res.end();
    }
    return all.length;
  }
}
