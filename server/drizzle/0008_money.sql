CREATE TABLE "income_budget_days" (
	"day" date PRIMARY KEY NOT NULL,
	"paid" numeric(78, 0) DEFAULT 0 NOT NULL,
	"held" numeric(78, 0) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prediction_rounds" ADD COLUMN "bets_close_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prediction_rounds" ADD COLUMN "window_cumulative" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "prediction_rounds" ADD COLUMN "window_observed_at" bigint;--> statement-breakpoint
-- hand-written: rounds opened before the deciding window closed bets at the default cutoff (10 s before the end)
UPDATE "prediction_rounds" SET "bets_close_at" = "ends_at" - interval '10 seconds' WHERE "bets_close_at" IS NULL;
--> statement-breakpoint
-- hand-written: one hashrate unit, H/s in 1e18 fixed point; machine grants were whole H/s
UPDATE "hashrate_grants" SET "amount" = "amount" * 1000000000000000000 WHERE "source" = 'machine';
--> statement-breakpoint
-- hand-written: the income budget counter starts from what settlement already paid per day
INSERT INTO "income_budget_days" ("day", "paid")
  SELECT "day", sum("total") FROM "settlement_runs" WHERE "step" IN ('static', 'dynamic') GROUP BY "day"
  ON CONFLICT ("day") DO NOTHING;
