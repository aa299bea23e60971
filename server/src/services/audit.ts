// The audit log (ops_log): every operator command, run from the console or the CLI, as
// ops/commands.ts records it; read newest first by the console.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { opsLog } from '../db/schema/index.ts';

export type AuditEntry = typeof opsLog.$inferSelect;

/** One page of the log, newest first; `actor` matches the address in any case. */
export async function auditPage(
  db: Executor,
  q: { actor?: string | undefined; command?: string | undefined; page: number; size: number },
): Promise<{ list: AuditEntry[]; total: number }> {
  const where = and(
    q.actor ? sql`lower(${opsLog.actor}) = ${q.actor.toLowerCase()}` : undefined,
    q.command ? eq(opsLog.command, q.command) : undefined,
  );
  const list = await db
    .select()
    .from(opsLog)
    .where(where)
    .orderBy(desc(opsLog.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [total] = await db.select({ n: count() }).from(opsLog).where(where);
  return { list, total: Number(total?.n ?? 0) };
}
