CREATE TABLE "burn_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "burn_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"free_amount" numeric(78, 0) NOT NULL,
	"state" text DEFAULT 'signed' NOT NULL,
	"chain_nonce" integer NOT NULL,
	"raw_tx" text NOT NULL,
	"tx_hash" text NOT NULL,
	"fail_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "burn_batches_positive" CHECK ("burn_batches"."free_amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "product_burns" ADD COLUMN "batch_id" bigint;--> statement-breakpoint
CREATE INDEX "burn_batches_state_idx" ON "burn_batches" USING btree ("state","chain_nonce");--> statement-breakpoint
ALTER TABLE "product_burns" ADD CONSTRAINT "product_burns_batch_id_burn_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."burn_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_burns_open_idx" ON "product_burns" USING btree ("status","batch_id");