// The operator log and the seed marker.
import { bigint, boolean, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './_columns.ts';

/** Every operator command (npm run ops), with its validated arguments and outcome. */
export const opsLog = pgTable('ops_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  command: text('command').notNull(),
  args: jsonb('args').notNull(),
  ok: boolean('ok').notNull(),
  result: jsonb('result'),
  error: text('error'),
  /** the operator's address: the signed-in operator (console) or OPS_ACTOR / the owner key (CLI) */
  actor: text('actor').notNull(),
  /** the shell user who ran the CLI (null for the console) */
  shellUser: text('shell_user'),
  /** the console request that ran it (its X-Request-Id, in every log line of that request); null for the CLI */
  requestId: text('request_id'),
  createdAt: createdAt(),
});

/** Seed runs (server/src/ops/seed.ts): one row per seed name, so seeding runs once. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  createdAt: createdAt(),
});

/**
 * The PostgreSQL cluster (system identifier) and timeline the database last ran on: one row. Jobs
 * run only while they are the current ones (ops/restore.ts; migration 0024).
 */
export const dbIncarnation = pgTable('db_incarnation', {
  id: smallint('id').primaryKey().default(1),
  systemIdentifier: text('system_identifier').notNull(),
  timeline: integer('timeline').notNull(),
  /** who recorded it: `first start`, or `restore:check` */
  recordedBy: text('recorded_by').notNull(),
  recordedAt: ts('recorded_at').notNull().defaultNow(),
});
