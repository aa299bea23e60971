// Per-process memory of the hottest signed-in reads (GET /api/user and team_info): a user's
// balances and team figures, kept until a notification says they changed (services/events.ts).
// Never stale to their owner: a ledger movement of the user drops their balances, any change of
// team statistics drops every team entry, on every API process, as the transaction commits. While
// this process is not listening (connection lost, not started), nothing is answered from memory,
// and the memory is emptied when listening starts again (notifications may have been missed).
import type { EventBus } from './event-bus.ts';
import type { BusMessage } from './events.ts';

/** Entries kept at most per kind (oldest dropped first): memory stays bounded whatever the traffic. */
export const READ_CACHE_MAX = 50_000;

class Bounded<K, V> {
  readonly #m = new Map<K, V>();
  get(k: K): V | undefined {
    return this.#m.get(k);
  }
  set(k: K, v: V): void {
    this.#m.delete(k);
    if (this.#m.size >= READ_CACHE_MAX) {
      const oldest = this.#m.keys().next().value;
      if (oldest !== undefined) this.#m.delete(oldest);
    }
    this.#m.set(k, v);
  }
  delete(k: K): void {
    this.#m.delete(k);
  }
  clear(): void {
    this.#m.clear();
  }
  get size(): number {
    return this.#m.size;
  }
}

export class ReadCache {
  readonly #balances = new Bounded<number, unknown>();
  /** team figures by user, for one UTC day (the "today" counts turn over at midnight) */
  readonly #teams = new Bounded<number, { day: string; value: unknown }>();
  // A read that overlapped a change must not store what it read: the change's drop may have come
  // before the read's answer. Counted per kind (any user's change counts: bounded memory).
  #userEpoch = 0;
  #teamEpoch = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly bus: EventBus) {
    bus.subscribe((m) => this.#hear(m));
    bus.onState(() => this.clear());
  }

  clear(): void {
    this.#userEpoch += 1;
    this.#teamEpoch += 1;
    this.#balances.clear();
    this.#teams.clear();
  }

  #hear(m: BusMessage): void {
    if (m.t === 'user') {
      this.#userEpoch += 1;
      if (m.u === null) this.#balances.clear();
      else for (const id of m.u) this.#balances.delete(id);
    } else if (m.t === 'team') {
      this.#teamEpoch += 1;
      this.#teams.clear();
    }
  }

  /** The user's balances from memory, else `read()` (kept when nothing changed meanwhile). */
  async balances<T>(userId: number, read: () => Promise<T>): Promise<T> {
    if (this.bus.listening) {
      const hit = this.#balances.get(userId);
      if (hit !== undefined) {
        this.hits += 1;
        return hit as T;
      }
    }
    this.misses += 1;
    const before = this.#userEpoch;
    const value = await read();
    if (this.bus.listening && this.#userEpoch === before) this.#balances.set(userId, value);
    return value;
  }

  /** The user's team figures of `day` from memory, else `read()`. */
  async team<T>(userId: number, day: string, read: () => Promise<T>): Promise<T> {
    if (this.bus.listening) {
      const hit = this.#teams.get(userId);
      if (hit !== undefined && hit.day === day) {
        this.hits += 1;
        return hit.value as T;
      }
    }
    this.misses += 1;
    const before = this.#teamEpoch;
    const value = await read();
    if (this.bus.listening && this.#teamEpoch === before) this.#teams.set(userId, { day, value });
    return value;
  }
}
