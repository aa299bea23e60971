// The operator log and the seed marker.
import { bigint, boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './_columns.ts';

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
