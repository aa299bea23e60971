ALTER TABLE "prediction_rounds" ADD COLUMN "open_cumulative" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "prediction_rounds" ADD COLUMN "open_observed_at" bigint;--> statement-breakpoint
ALTER TABLE "prediction_rounds" ADD COLUMN "tie_bps" integer DEFAULT 0 NOT NULL;