// PostgreSQL: every parameterised statement runs as a named prepared statement of its connection,
// so that PostgreSQL parses and plans it once per connection instead of on every execution.
// Measured here (docs/benchmarks.md): team_info's statement cost the server 180 µs unnamed and
// 45 µs named, mostly planning. The name is derived from the text, so one text is one statement on
// every connection; at most MAX_NAMED distinct texts are named per process (texts that vary with
// their input, such as IN lists of any length, could otherwise fill every connection's memory), and
// the rest run unnamed as before. Behind PgBouncer only in session mode (docs/operations.md,
// "Several API processes": the leader locks and LISTEN need a session too).
import pg from 'pg';

/** Distinct statement texts named per process; later new texts run unnamed. */
export const MAX_NAMED = 500;
/** Longer texts (bulk VALUES lists) are seldom repeated: not worth a server-side statement. */
const MAX_TEXT = 4_000;

const names = new Map<string, string>();

/** The statement name of `text`, or undefined when it should run unnamed. */
export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined) return known;
  if (names.size >= MAX_NAMED || text.length > MAX_TEXT) return undefined;
  const name = `free_${names.size + 1}`;
  names.set(text, name);
  return name;
}

type QueryConfigLike = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

/**
 * A pg.Client whose parameterised statements (drizzle passes a config object with `text`, and the
 * values beside it) are named. Statements without values (BEGIN, SET LOCAL, DDL) run as before.
 */
export class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this only adds a name
  override query(config: any, values?: any, callback?: any): any {
    const c = config as QueryConfigLike | null;
    // (a Submittable such as a cursor is passed through untouched)
    if (c && typeof c === 'object' && !c.name && typeof c.submit !== 'function') {
      const params = Array.isArray(values) ? values : c.values;
      if (typeof c.text === 'string' && Array.isArray(params) && params.length > 0) {
        const name = statementName(c.text);
        if (name) return super.query({ ...config, name }, values, callback);
      }
    }
    return super.query(config, values, callback);
  }
}
