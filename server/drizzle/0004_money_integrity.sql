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
CREATE TABLE "chain_identity" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"genesis_hash" text NOT NULL,
	"addresses" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unmatched_payments" (
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"order_id" text NOT NULL,
	"payer" text NOT NULL,
	"token" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"burned" numeric(78, 0) NOT NULL,
	"executor_reward" numeric(78, 0) NOT NULL,
	"reason" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unmatched_payments_tx_hash_log_index_pk" PRIMARY KEY("tx_hash","log_index"),
	CONSTRAINT "unmatched_payments_not_negative" CHECK ("unmatched_payments"."amount" >= 0 AND "unmatched_payments"."burned" >= 0 AND "unmatched_payments"."executor_reward" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payout_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"withdrawal_id" bigint NOT NULL,
	"nonce" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"raw_tx" text NOT NULL,
	"max_fee_per_gas" numeric(78, 0) NOT NULL,
	"max_priority_fee_per_gas" numeric(78, 0) NOT NULL,
	"signed_at_block" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_attempts_tx_hash_unique" UNIQUE("tx_hash")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "id" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD COLUMN "executor_reward_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD COLUMN "credited_amount" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "prediction_rounds" ADD COLUMN "open_cumulative" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "prediction_rounds" ADD COLUMN "open_observed_at" bigint;--> statement-breakpoint
ALTER TABLE "prediction_rounds" ADD COLUMN "tie_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_burns" ADD COLUMN "batch_id" bigint;--> statement-breakpoint
ALTER TABLE "payout_attempts" ADD CONSTRAINT "payout_attempts_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "burn_batches_state_idx" ON "burn_batches" USING btree ("state","chain_nonce");--> statement-breakpoint
CREATE INDEX "unmatched_payments_block_idx" ON "unmatched_payments" USING btree ("block_number");--> statement-breakpoint
CREATE INDEX "payout_attempts_withdrawal_idx" ON "payout_attempts" USING btree ("withdrawal_id","id");--> statement-breakpoint
ALTER TABLE "product_burns" ADD CONSTRAINT "product_burns_batch_id_burn_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."burn_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_user_id_idx" ON "ledger_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "product_burns_open_idx" ON "product_burns" USING btree ("status","batch_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_id_unique" UNIQUE("id");--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_credited_within_amount" CHECK ("recharge_orders"."credited_amount" >= 0 AND "recharge_orders"."credited_amount" <= "recharge_orders"."amount");