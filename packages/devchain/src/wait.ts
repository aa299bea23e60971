// Waiting for a condition, never for a duration: the browser journeys and the rehearsal poll what
// they wait for until a deadline, so a busy machine only makes them slower, not red.

/** Thrown by a condition to stop waiting at once (e.g. the process it waits for has exited). */
export class GaveUp extends Error {}

/** Calls `fn` until it returns a value (not null, undefined or false), for at most `ms`. */
export async function until<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  ms = 60_000,
  everyMs = 250,
): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown = null;
  for (;;) {
    try {
      const v = await fn();
      if (v !== null && v !== undefined && v !== false) return v;
    } catch (error) {
      if (error instanceof GaveUp) throw error;
      last = error;
    }
    if (Date.now() > end)
      throw new Error(
        `timed out after ${ms / 1000}s waiting for ${what}${last ? ` (${(last as Error).message})` : ''}`,
      );
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
