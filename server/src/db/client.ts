// Opens the database (PGlite embedded, or PostgreSQL through node-postgres) and applies the
// drizzle-kit migrations of server/drizzle/ — the same files for both.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { SERVER_ROOT } from '../config.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { transactionsRetried } from '../lib/metrics.ts';
import { dbDeadline } from '../lib/request-budget.ts';
import { PreparingClient } from './prepared.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: services accept both. */
export type Executor = Db | Tx;

export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction. On PostgreSQL the connection is checked out here and always
   * released (drizzle's own pool transaction leaks the connection when BEGIN fails), and released
   * as broken when the transaction errored at the connection level.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Hears the notifications of this schema's channel (services/events.ts) on a connection of its
   * own, reconnecting with backoff. `onState(false)` whenever notifications may have been missed
   * (not connected yet, connection lost), `onState(true)` once listening again. Resolves after the
   * first attempt (listening or not), with the function that stops listening.
   */
  listen(onMessage: (payload: string) => void, onState: (up: boolean) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/** The notification channel of a schema: deployments and test files in other schemas never hear it. */
export const notifyChannel = (schema: string) => `free_${schema}`;
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

// The database each executor belongs to (itself for a database, its database for a transaction
// opened through DbHandle.transaction): caches per database (settings) key on it.
const roots = new WeakMap<object, Db>();
const tagged = (tx: Tx, db: Db): Tx => {
  roots.set(tx, db);
  return tx;
};
/** The database an executor runs on, when known (a nested savepoint is not tagged). */
export const rootOf = (e: object): Db | undefined => roots.get(e);

// The server's business clock per database, when it is not the database's own (the dev clock of
// `dev:advance`, main.ts): what a ledger entry is dated by when its writer passes no time, so its day
// is the day the server counts in (income today/yesterday, settlement), not the database's day.
const clocks = new WeakMap<Db, () => Date>();
export const setBusinessClock = (db: Db, clock: () => Date): void => {
  clocks.set(db, clock);
};
/** The business clock's time for an executor's database; undefined: the database's own clock. */
export const businessNow = (e: object): Date | undefined => {
  const db = rootOf(e);
  return db ? clocks.get(db)?.() : undefined;
};
/** SQL for the business clock's time, or the database's now(). */
export const businessNowSql = (e: object): SQL => {
  const at = businessNow(e);
  return at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
};

export const DEFAULT_PGLITE_DIR = resolve(SERVER_ROOT, '.data', 'pglite');
export const MIGRATIONS_DIR = resolve(SERVER_ROOT, 'drizzle');

export type OpenDbOptions = {
  /** PostgreSQL only: use (and create) this schema instead of public — tests get one each. */
  schema?: string;
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
  /**
   * PGlite folder only: close the database on SIGINT/SIGTERM, then let the signal end the process
   * (default true). A caller with its own graceful shutdown (main.ts) closes it itself.
   */
  handleSignals?: boolean;
  /**
   * The migrations of server/drizzle at opening: 'apply' the pending ones (default: development,
   * `npm start`, tests), or 'check' (NODE_ENV=production, where `npm run migrate` is a deploy step of
   * its own): refuse with MigrationsNotCurrent while one is pending or the database holds one this
   * code does not know (a newer release migrated it); 'none' for `npm run migrate` itself.
   */
  migrations?: 'apply' | 'check' | 'none';
};

/**
 * What a process does with the migrations when it opens the database: with NODE_ENV=production
 * only `npm run migrate` applies them (a deploy step of its own, docs/deploy.md "Upgrade"); the API,
 * the jobs and the operator tool check and refuse to start while the database is not at their code.
 */
export const migrationsAtOpen = (env: NodeJS.ProcessEnv = process.env): 'apply' | 'check' =>
  env.NODE_ENV === 'production' ? 'check' : 'apply';

/** The database's migrations differ from this code's (only with `migrations: 'check'`). */
export class MigrationsNotCurrent extends Error {
  override name = 'MigrationsNotCurrent';
}

/**
 * `undefined` → PGlite in server/.data/pglite; `memory://` → in-memory PGlite;
 * `file://<dir>` → PGlite in that folder; `postgres://…` → PostgreSQL.
 */
export async function openDb(url?: string, opts: OpenDbOptions = {}): Promise<DbHandle> {
  const handle =
    url && /^postgres(ql)?:\/\//.test(url)
      ? await openPostgres(url, opts)
      : await openPglite(url, opts.handleSignals ?? true, newPgliteTemplate);
  try {
    if (opts.migrations === 'check') await refuseUnlessCurrent(handle);
    else if (opts.migrations !== 'none') await applyMigrations(handle);
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}

const pgliteClients = new WeakMap<Db, PGlite>();

let newPgliteTemplate: Blob | undefined;

/**
 * Tests only, production never calls it: from now on every embedded database this process creates
 * (`memory://`, or a `file://` folder that holds no database yet) starts as a copy of `dump` (a
 * `migratedPgliteDump`) instead of being made and migrated from nothing, 5–6 s of CPU each. A
 * folder that holds a database opens as it is. The server tests set it for each test file
 * (test/support/pglite-template-setup.ts), so code under test that opens a database itself gets it too.
 */
export function startNewPgliteFrom(dump: Blob | undefined): void {
  newPgliteTemplate = dump;
}

/**
 * The data directory of a fresh in-memory PGlite with every migration applied, to start other
 * embedded databases from (`startNewPgliteFrom`). `bare`: a dump of a database with no migration
 * applied to start it from, instead of PGlite making one (4 s of CPU).
 */
export async function migratedPgliteDump(bare?: Blob): Promise<Blob> {
  // migrated from nothing (or from `bare`), whatever startNewPgliteFrom was given: this is the template
  const handle = await openPglite('memory://', false, bare);
  try {
    await applyMigrations(handle);
    const client = pgliteClients.get(handle.db);
    if (!client) throw new Error('an in-memory database without its PGlite client');
    return await client.dumpDataDir('none');
  } finally {
    await handle.close();
  }
}

/** `template`: what a new database starts from (a `dumpDataDir`), instead of being made from nothing. */
async function openPglite(
  url: string | undefined,
  handleSignals: boolean,
  template: Blob | undefined,
): Promise<DbHandle> {
  let client: PGlite;
  if (url === 'memory://') {
    client = new PGlite(template ? { loadDataDir: template } : undefined);
  } else {
    const dir = url?.startsWith('file://') ? url.slice('file://'.length) : DEFAULT_PGLITE_DIR;
    mkdirSync(dir, { recursive: true });
    // PGlite refuses to load a data directory over a database (its PG_VERSION file)
    const isNew = !existsSync(join(dir, 'PG_VERSION'));
    client = new PGlite(dir, template && isNew ? { loadDataDir: template } : undefined);
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  roots.set(db, db);
  pgliteClients.set(db, client);
  let closed = false;
  // PGlite can corrupt its folder on an unclean exit: close it on the usual signals.
  const onSignal = (signal: NodeJS.Signals) => {
    void close().finally(() => process.kill(process.pid, signal));
  };
  const close = async () => {
    if (closed) return;
    closed = true;
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await client.close();
  };
  if (url !== 'memory://' && handleSignals) {
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }
  return {
    db,
    kind: 'pglite',
    transaction: (fn) => db.transaction((tx) => withinBudget(tagged(tx as Tx, db), fn)) as never,
    async listen(onMessage, onState) {
      // in-process: nothing can be missed once listening
      onState(false);
      const [r] = (await client.query<{ s: string }>('SELECT current_schema() AS s')).rows;
      const stop = await client.listen(quoteIdent(notifyChannel(r?.s ?? 'public')), onMessage);
      onState(true);
      return async () => {
        onState(false);
        if (!closed) await stop();
      };
    },
    close,
  };
}

async function openPostgres(url: string, opts: OpenDbOptions): Promise<DbHandle> {
  const schemaName = opts.schema;
  if (schemaName !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schemaName)) {
    throw new Error(`bad schema name ${schemaName}`);
  }
  if (schemaName) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schemaName}"`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    // parameterised statements are prepared once per connection (db/prepared.ts)
    Client: PreparingClient,
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  });
  // An idle client dying (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  roots.set(db, db);
  return {
    db,
    kind: 'postgres',
    async transaction(fn) {
      const client = await pool.connect();
      // The connection is broken when BEGIN, COMMIT or ROLLBACK failed (then the error thrown is
      // not the one `fn` threw): discard it instead of returning it to the pool.
      let fnError: unknown = null;
      let broken: Error | undefined;
      try {
        const single = drizzleNodePg({ client, schema }) as unknown as Db;
        return await single.transaction(async (tx) => {
          try {
            return await withinBudget(tagged(tx as Tx, db), fn);
          } catch (err) {
            fnError = err;
            throw err;
          }
        });
      } catch (err) {
        if (err !== fnError) broken = err instanceof Error ? err : new Error(String(err));
        throw err;
      } finally {
        client.release(broken);
      }
    },
    listen: (onMessage, onState) => pgListener(url, schemaName, onMessage, onState),
    async close() {
      await pool.end();
    },
  };
}

const LISTEN_RETRY_MS = { first: 500, max: 30_000 };

/** LISTEN on a connection outside the pool (a pooled one would be handed to queries). */
async function pgListener(
  url: string,
  schemaName: string | undefined,
  onMessage: (payload: string) => void,
  onState: (up: boolean) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let delay = LISTEN_RETRY_MS.first;
  let timer: NodeJS.Timeout | null = null;
  const connect = async () => {
    timer = null;
    if (stopped) return;
    const c = new pg.Client({
      connectionString: url,
      ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
    });
    current = c;
    let down = false;
    const fail = () => {
      if (down) return;
      down = true;
      onState(false);
      void c.end().catch(() => {});
      if (stopped) return;
      timer = setTimeout(connect, delay);
      timer.unref();
      delay = Math.min(delay * 2, LISTEN_RETRY_MS.max);
    };
    c.on('error', fail);
    c.on('end', fail);
    c.on('notification', (n) => {
      if (n.payload !== undefined) onMessage(n.payload);
    });
    try {
      await c.connect();
      const [r] = (await c.query<{ s: string }>('SELECT current_schema() AS s')).rows;
      await c.query(`LISTEN ${quoteIdent(notifyChannel(r?.s ?? 'public'))}`);
      if (down || stopped) return;
      delay = LISTEN_RETRY_MS.first;
      onState(true);
    } catch {
      fail();
    }
  };
  onState(false);
  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    onState(false);
    const c = current;
    current = null;
    if (c) {
      c.removeAllListeners('end');
      c.removeAllListeners('error');
      c.on('error', () => {});
      await c.end().catch(() => {});
    }
  };
}

/** PostgreSQL's query_canceled: the statement ran past statement_timeout. */
const QUERY_CANCELED = '57014';
const sqlState = (err: unknown): unknown =>
  (err as { code?: unknown })?.code ?? (err as { cause?: { code?: unknown } })?.cause?.code;

/**
 * Inside a request, a transaction gets the database's share of the request budget: every statement
 * is cancelled when that share is spent (statement_timeout), and a transaction finishing later is
 * rolled back rather than committed. Either way the caller gets RolledBack: nothing changed.
 */
async function withinBudget<T>(tx: Tx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const deadline = dbDeadline();
  if (deadline === undefined) return fn(tx);
  const spent = () => new AppError(ErrorCode.RolledBack, undefined, 'request budget spent');
  const left = Math.floor(deadline - performance.now());
  if (left <= 0) throw spent();
  await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${left}`));
  let out: T;
  try {
    out = await fn(tx);
  } catch (err) {
    if (sqlState(err) === QUERY_CANCELED) throw spent();
    throw err;
  }
  if (performance.now() >= deadline) throw spent();
  return out;
}

/** Rows of a raw `execute` result (both drivers return `{ rows }`). */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Whether PostgreSQL rolled the whole transaction back to break a deadlock (40P01) or a
 * serialization conflict (40001): nothing of it was written, so it can simply run again. The
 * driver's error may come wrapped (drizzle's query error holds it as its `cause`).
 */
export function isTransientConflict(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++, e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}

/**
 * `handle.transaction(fn)`, run again (up to `tries` in all) when PostgreSQL chose it as the victim
 * of a deadlock: for work that is only database writes, whose lock order cannot be the same as every
 * other writer's (a redemption locks the user's ledger rows, then the day's income budget; the
 * settlement's maturity step the budget, then the ledger rows of the users it pays).
 * `what` names it in `free_db_transactions_retried_total` (docs/operations.md, deadlocks retried).
 */
export async function retriedTransaction<T>(
  handle: DbHandle,
  what: string,
  fn: (tx: Tx) => Promise<T>,
  tries = 4,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await handle.transaction(fn);
    } catch (err) {
      if (attempt >= tries || !isTransientConflict(err)) throw err;
      transactionsRetried.inc({ what });
    }
  }
}

/**
 * `(…)` of a raw SQL `IN` list, each value a bound parameter: `state IN ${sqlList(TX_OPEN)}`. At
 * least one value: `IN ()` is not SQL.
 */
export const sqlList = (values: readonly string[]): SQL =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/** Anything drizzle runs raw SQL on: the database or a transaction (PGlite or node-postgres). */
export type SqlRunner = { execute: (query: SQL) => Promise<unknown> };

/** Runs a raw query and returns its rows. */
export async function rows<T>(tx: SqlRunner, query: SQL): Promise<T[]> {
  return rowsOf<T>(await tx.execute(query));
}

type Journal = { entries: { idx: number; tag: string; when: number }[] };

/** The migrations this code knows (server/drizzle/meta/_journal.json), in order. */
function journalTags(): string[] {
  const journal = JSON.parse(
    readFileSync(resolve(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  return [...journal.entries].sort((a, b) => a.idx - b.idx).map((e) => e.tag);
}

/**
 * How the database's migrations compare with this code's: `pending` are known here and not
 * applied there (in the order they would run), `unknown` are applied there and not known here (the
 * database is newer than this code). A database never migrated has them all pending.
 */
export async function migrationStatus(handle: DbHandle): Promise<{ pending: string[]; unknown: string[] }> {
  const known = journalTags();
  // the table of the connection's schema (search_path), as the migrations write it
  const [table] = await rows<{ t: string | null }>(
    handle.db,
    sql`SELECT to_regclass('"__free_migrations"')::text AS t`,
  );
  const applied = table?.t
    ? (await rows<{ tag: string }>(handle.db, sql`SELECT tag FROM "__free_migrations"`)).map((r) => r.tag)
    : [];
  const done = new Set(applied);
  const knownSet = new Set(known);
  return {
    pending: known.filter((t) => !done.has(t)),
    unknown: applied.filter((t) => !knownSet.has(t)).sort(),
  };
}

/** Throws MigrationsNotCurrent, saying what to do, unless the database is exactly at this code's migrations. */
async function refuseUnlessCurrent(handle: DbHandle): Promise<void> {
  const { pending, unknown } = await migrationStatus(handle);
  if (unknown.length > 0)
    throw new MigrationsNotCurrent(
      `DATABASE_URL: the database has migrations this code does not know (${unknown.join(', ')}): it was migrated by a newer release; run that release (or a newer one), never an older one on it`,
    );
  if (pending.length > 0)
    throw new MigrationsNotCurrent(
      `DATABASE_URL: ${pending.length} migration(s) pending (${pending.join(', ')}): run \`npm run migrate\` first (docs/deploy.md, "Upgrade")`,
    );
}

/** PostgreSQL's lock_not_available: lock_timeout ran out waiting for a lock. */
export const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Applies every migration of the journal not applied yet, each in its own transaction, under an
 * advisory lock so that two processes starting together do not race. With `lockTimeoutMs` a wait for
 * that lock or for a table's lock (a migration behind the live traffic's transactions) gives up
 * after that long with PostgreSQL's lock_not_available, instead of queueing every query behind it;
 * the migrations applied before stay applied. Resolves with the tags applied now.
 */
export async function applyMigrations(
  handle: DbHandle,
  opts: { lockTimeoutMs?: number } = {},
): Promise<string[]> {
  const applied: string[] = [];
  for (const tag of journalTags()) {
    const now = await handle.transaction(async (tx) => {
      if (opts.lockTimeoutMs !== undefined)
        await tx.execute(sql.raw(`SET LOCAL lock_timeout = ${Math.max(1, Math.round(opts.lockTimeoutMs))}`));
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('free_migrations'))`);
      await tx.execute(
        sql.raw(`CREATE TABLE IF NOT EXISTS "__free_migrations" (
          tag text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`),
      );
      const done = await tx.execute(sql`SELECT 1 FROM "__free_migrations" WHERE tag = ${tag}`);
      if (rowsOf(done).length > 0) return false;
      const text = readFileSync(resolve(MIGRATIONS_DIR, `${tag}.sql`), 'utf8');
      // drizzle-kit qualifies foreign keys with "public"; dropping it lets the same files run in
      // the schema of the connection's search_path (tests use one schema per file).
      for (const statement of text.split('--> statement-breakpoint')) {
        const s = statement.replaceAll('"public".', '').trim();
        if (s) await tx.execute(sql.raw(s));
      }
      await tx.execute(sql`INSERT INTO "__free_migrations" (tag) VALUES (${tag})`);
      return true;
    });
    if (now) applied.push(tag);
  }
  return applied;
}
