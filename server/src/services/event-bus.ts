// This process's ear on the database's notifications (services/events.ts): every stream and
// per-user cache of the process subscribes here, so a movement committed by any API process (or
// a job, or the ops CLI) reaches them. While the listening connection is down, `listening` is
// false: caches stop answering from memory (a notification may have been missed) and are emptied
// when it is back; streams tell their clients to read everything again.
import type { DbHandle } from '../db/client.ts';
import type { BusMessage } from './events.ts';

export type BusListener = (m: BusMessage) => void;
export type StateListener = (listening: boolean) => void;

const isMessage = (v: unknown): v is BusMessage =>
  typeof v === 'object' && v !== null && typeof (v as { t?: unknown }).t === 'string';

export class EventBus {
  #listening = false;
  readonly #subs = new Set<BusListener>();
  readonly #states = new Set<StateListener>();
  #stop: (() => Promise<void>) | null = null;
  /** Messages heard since start (tests wait on it; the bench reads it). */
  heard = 0;

  get listening(): boolean {
    return this.#listening;
  }

  /** Starts listening; resolves after the first attempt (a failed one keeps retrying). */
  async start(db: DbHandle): Promise<void> {
    this.#stop = await db.listen(
      (payload) => this.#dispatch(payload),
      (up) => this.#setState(up),
    );
  }

  async stop(): Promise<void> {
    const stop = this.#stop;
    this.#stop = null;
    await stop?.();
    this.#subs.clear();
    this.#states.clear();
  }

  subscribe(fn: BusListener): () => void {
    this.#subs.add(fn);
    return () => this.#subs.delete(fn);
  }

  onState(fn: StateListener): () => void {
    this.#states.add(fn);
    return () => this.#states.delete(fn);
  }

  /** Delivers a message as if it came from the database (a process without a listener, tests). */
  deliver(m: BusMessage): void {
    this.heard += 1;
    for (const fn of this.#subs) fn(m);
  }

  #dispatch(payload: string): void {
    let m: unknown;
    try {
      m = JSON.parse(payload);
    } catch {
      return;
    }
    if (isMessage(m)) this.deliver(m);
  }

  #setState(up: boolean): void {
    if (up === this.#listening) return;
    this.#listening = up;
    for (const fn of this.#states) fn(up);
  }
}
