// Leadership by `pg_try_advisory_lock` held on a connection of its own (PostgreSQL), so only one
// process runs a given job; on PGlite (one process) the same call runs on the single connection.
// A leader must stop the moment its lock may be gone, or two processes would run the job: the
// lock connection's 'error'/'end' abort `signal` at once, a check every `checkMs` asks pg_locks
// whether the session still holds the lock, and `fence` hands the job a database that refuses
// work once aborted and checks the lock again at the start of every transaction.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DbHandle, type Executor, rows } from '../db/client.ts';

/** How often a leader checks that it still holds its lock (and a candidate tries again). */
export const LEADER_CHECK_MS = 5_000;

export class LeadershipLost extends Error {
  override name = 'LeadershipLost';
}

export type Leadership = {
  /** aborted (reason: LeadershipLost) as soon as the lock may be lost; never on PGlite */
  signal: AbortSignal;
  /** `handle` for the job: throws once `signal` is aborted; each transaction first checks the lock */
  fence: (handle: DbHandle) => DbHandle;
  release: () => Promise<void>;
};

export type LeadershipOptions = { checkMs?: number };

/**
 * The lock's name. Outside the `public` schema it carries the schema, so deployments (or test
 * runs) in separate schemas of one database do not take each other's locks; in `public` it is
 * the bare key, as before, so processes of an older version still exclude new ones.
 */
async function scopedKey(handle: DbHandle, key: string): Promise<string> {
  const [s] = await rows<{ schema: string | null }>(handle.db, sql`SELECT current_schema() AS schema`);
  return s?.schema && s.schema !== 'public' ? `${s.schema}:${key}` : key;
}

/** pg_locks shows a bigint advisory key as its high half in classid and its low half in objid. */
function lockIds(key: string): { classid: string; objid: string } {
  const u = BigInt.asUintN(64, BigInt(key));
  return { classid: (u >> 32n).toString(), objid: (u & 0xffffffffn).toString() };
}

const HELD = `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted
  AND pid = $1 AND classid = $2::oid AND objid = $3::oid AND objsubid = 1) AS held`;

type LockIds = { pid: number; classid: string; objid: string };

/** Whether session `pid` holds the lock, asked on the lock connection itself. */
const heldOn = (client: pg.Client, l: LockIds) =>
  client.query<{ held: boolean }>(HELD, [l.pid, l.classid, l.objid]).then((r) => r.rows[0]?.held === true);

/** The same question inside a job's transaction (on another connection of the pool). */
const heldIn = (tx: Executor, l: LockIds) =>
  rows<{ held: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid = ${l.pid}
      AND classid = ${l.classid}::oid AND objid = ${l.objid}::oid AND objsubid = 1) AS held`,
  ).then(([r]) => r?.held === true);

/** The backend pid of the session holding `key`'s lock, or null (PostgreSQL): who leads a job. */
export async function lockHolder(handle: DbHandle, key: string): Promise<number | null> {
  const name = await scopedKey(handle, key);
  const [k] = await rows<{ k: string }>(handle.db, sql`SELECT hashtext(${name})::bigint::text AS k`);
  const ids = lockIds(k?.k ?? '0');
  const [r] = await rows<{ pid: number }>(
    handle.db,
    sql`SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 1
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND classid = ${ids.classid}::oid AND objid = ${ids.objid}::oid`,
  );
  return r?.pid ?? null;
}

export async function tryLeadership(
  handle: DbHandle,
  databaseUrl: string | undefined,
  key: string,
  opts: LeadershipOptions = {},
): Promise<Leadership | null> {
  if (handle.kind === 'postgres' && databaseUrl) {
    const name = await scopedKey(handle, key);
    const client = new pg.Client({
      connectionString: databaseUrl,
      // which process leads which job shows in pg_stat_activity
      application_name: `free-job ${process.pid} ${name}`.slice(0, 63),
      // keepalive stops idle firewalls from dropping the lock connection; a silent network cut is
      // caught by the periodic check, which gives up after query_timeout
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      query_timeout: 10_000,
    });
    const controller = new AbortController();
    let released = false;
    let timer: NodeJS.Timeout | undefined;
    const lose = (reason: string) => {
      if (released || controller.signal.aborted) return;
      clearInterval(timer);
      controller.abort(new LeadershipLost(reason));
      // frees the lock if the server still has the session (a check that could not tell)
      client.end().catch(() => {});
    };
    client.on('error', (err) => lose(`lock connection failed: ${err.message}`));
    client.on('end', () => lose('lock connection ended'));
    try {
      await client.connect();
    } catch (err) {
      released = true;
      await client.end().catch(() => {});
      throw err;
    }
    const res = await client
      .query<{ ok: boolean; k: string; pid: number }>(
        `SELECT pg_try_advisory_lock(k) AS ok, k::text AS k, pg_backend_pid() AS pid
         FROM (SELECT hashtext($1)::bigint AS k) s`,
        [name],
      )
      .catch(async (err: Error) => {
        released = true;
        await client.end().catch(() => {});
        throw err;
      });
    const got = res.rows[0];
    if (!got?.ok) {
      released = true;
      await client.end().catch(() => {});
      return null;
    }
    const ids: LockIds = { pid: got.pid, ...lockIds(got.k) };
    let checking = false;
    timer = setInterval(() => {
      if (checking) return;
      checking = true;
      heldOn(client, ids)
        .catch(() => false)
        .then((held) => {
          if (!held) lose('lock no longer held');
        })
        .finally(() => {
          checking = false;
        });
    }, opts.checkMs ?? LEADER_CHECK_MS);
    timer.unref();
    return {
      signal: controller.signal,
      fence: (h) =>
        fenced(h, controller.signal, async (tx) => {
          if (!(await heldIn(tx, ids))) {
            lose('lock no longer held');
            throw controller.signal.reason ?? new LeadershipLost('lock no longer held');
          }
        }),
      release: async () => {
        if (released) return;
        released = true;
        clearInterval(timer);
        if (!controller.signal.aborted) {
          await client.query('SELECT pg_advisory_unlock($1::bigint)', [got.k]).catch(() => {});
        }
        await client.end().catch(() => {});
      },
    };
  }
  const [r] = await rows<{ ok: boolean }>(
    handle.db,
    sql`SELECT pg_try_advisory_lock(hashtext(${key})) AS ok`,
  );
  if (!r?.ok) return null;
  return {
    // one process, one connection: the lock lives as long as the database
    signal: new AbortController().signal,
    fence: (h) => h,
    release: async () => {
      await handle.db.execute(sql`SELECT pg_advisory_unlock(hashtext(${key}))`).catch(() => {});
    },
  };
}

/** `handle` that throws once `signal` is aborted and runs `verify` first in every transaction. */
function fenced(handle: DbHandle, signal: AbortSignal, verify: (tx: Executor) => Promise<void>): DbHandle {
  const guard = () => {
    if (signal.aborted) throw signal.reason;
  };
  const db = new Proxy(handle.db, {
    get(target, prop) {
      guard();
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' && prop !== 'constructor' ? value.bind(target) : value;
    },
  });
  return {
    ...handle,
    db,
    transaction: (fn) => {
      guard();
      return handle.transaction(async (tx) => {
        await verify(tx);
        return fn(tx);
      });
    },
  };
}
