CREATE TABLE "ledger_seqs" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"last" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "ledger_entries_user_idx";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "ledger_seqs" ADD CONSTRAINT "ledger_seqs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- every user entry written before: its place in the user's history, in id order
UPDATE "ledger_entries" e SET "seq" = n.seq
FROM (SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "id") AS seq
      FROM "ledger_entries" WHERE "user_id" IS NOT NULL) n
WHERE e."id" = n."id";--> statement-breakpoint
INSERT INTO "ledger_seqs" ("user_id", "last")
SELECT "user_id", max("seq") FROM "ledger_entries" WHERE "user_id" IS NOT NULL GROUP BY "user_id";--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_user_seq" ON "ledger_entries" USING btree ("user_id","seq") WHERE "ledger_entries"."seq" IS NOT NULL;
