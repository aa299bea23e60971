ALTER TABLE "chain_stakes" ADD COLUMN "round" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_stakes" ADD COLUMN "auto_renew" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_stakes" ADD COLUMN "parent_id" bigint;--> statement-breakpoint
ALTER TABLE "chain_stakes" ADD COLUMN "contribution" numeric(78, 0);