// The audit log as the console shows it (GET /api/admin/audit); times as ISO.
import type { auditItem } from '@free/protocol/api/admin';
import type { z } from 'zod';
import { iso } from '../lib/format.ts';
import type { AuditEntry } from '../services/audit.ts';

export const toAuditView = (r: AuditEntry): z.infer<typeof auditItem> => ({
  id: r.id,
  time: iso(r.createdAt),
  actor: r.actor,
  shellUser: r.shellUser,
  command: r.command,
  args: r.args,
  ok: r.ok,
  result: r.result,
  error: r.error,
});
