// Leadership by `pg_try_advisory_lock` held on a connection of its own (PostgreSQL), so only one
// process runs a given job; on PGlite (one process) the same call runs on the single connection.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DbHandle } from '../db/client.ts';
import { rows } from '../services/team.ts';

export type Leadership = { release: () => Promise<void> };

export async function tryLeadership(
  handle: DbHandle,
  databaseUrl: string | undefined,
  key: string,
): Promise<Leadership | null> {
  if (handle.kind === 'postgres' && databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', () => {});
    await client.connect();
    const res = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [key]);
    if (!res.rows[0]?.ok) {
      await client.end();
      return null;
    }
    return {
      release: async () => {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]).catch(() => {});
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
    release: async () => {
      await handle.db.execute(sql`SELECT pg_advisory_unlock(hashtext(${key}))`).catch(() => {});
    },
  };
}
