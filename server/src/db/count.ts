// The total behind a paged list: rows of one table under the list's filter.
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

export async function countRows(db: Executor, table: PgTable, where?: SQL): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return r?.n ?? 0;
}
