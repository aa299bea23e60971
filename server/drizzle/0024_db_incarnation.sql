-- Which PostgreSQL cluster and timeline the database last ran on (ops/restore.ts). A restore (a new
-- cluster, or point-in-time recovery, which ends on a new timeline) or a failover changes them: no job
-- runs until `npm run ops -- restore:check` has compared the database with the chain and recorded
-- the new ones (docs/operations.md, "Restore").
CREATE TABLE "db_incarnation" (
  "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "system_identifier" text NOT NULL,
  "timeline" integer NOT NULL,
  "recorded_by" text NOT NULL,
  "recorded_at" timestamptz NOT NULL DEFAULT now()
);
