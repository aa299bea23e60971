// Which PostgreSQL cluster and timeline the database runs on, and whether that is the one it last
// recorded (table db_incarnation, migration 0024). A restore (a new cluster, or point-in-time
// recovery, which always ends on a new timeline) or a failover changes them; the job loop
// (jobs/loop.ts) then runs no job until `npm run ops -- restore:check` (ops/restore.ts) has compared
// the database with the chain and recorded the new ones.
import { sql } from 'drizzle-orm';
import { type DbHandle, type Executor, rows } from './client.ts';
import { dbIncarnation } from './schema/index.ts';

export type DbIdentity = { systemIdentifier: string; timeline: number };

/** The cluster's system identifier and current timeline; null where the database cannot say (PGlite builds without them). */
export async function dbIdentity(ex: Executor): Promise<DbIdentity | null> {
  try {
    const [r] = await rows<{ s: string | null; w: string | null }>(
      ex,
      sql`SELECT (SELECT system_identifier::text FROM pg_control_system()) AS s, pg_walfile_name(pg_current_wal_lsn()) AS w`,
    );
    if (!r?.s || !r.w) return null;
    return { systemIdentifier: r.s, timeline: Number.parseInt(r.w.slice(0, 8), 16) };
  } catch {
    return null;
  }
}

const same = (a: DbIdentity, b: DbIdentity) =>
  a.systemIdentifier === b.systemIdentifier && a.timeline === b.timeline;
const show = (i: DbIdentity) => `system ${i.systemIdentifier} timeline ${i.timeline}`;

/**
 * Why no job may run on this database (it was restored or failed over and `restore:check` has not
 * run since), or null. The first time (a new database, or one from before migration 0024) it records
 * where it runs.
 */
export async function restorePending(db: DbHandle): Promise<string | null> {
  const now = await dbIdentity(db.db);
  if (!now) return null;
  const [known] = await db.db.select().from(dbIncarnation);
  if (!known) {
    await db.db
      .insert(dbIncarnation)
      .values({ id: 1, ...now, recordedBy: 'first start' })
      .onConflictDoNothing();
    return restorePendingAgain(db, now);
  }
  if (same(known, now)) return null;
  return `the database was restored or failed over (${show(known)}, now ${show(now)}): no job runs until \`npm run ops -- restore:check\` has compared it with the chain (docs/operations.md, "Restore")`;
}

async function restorePendingAgain(db: DbHandle, now: DbIdentity): Promise<string | null> {
  const [known] = await db.db.select().from(dbIncarnation);
  return known && same(known, now)
    ? null
    : 'the database was restored or failed over: run `npm run ops -- restore:check`';
}
