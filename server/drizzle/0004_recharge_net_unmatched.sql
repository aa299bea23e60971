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
ALTER TABLE "recharge_orders" ADD COLUMN "executor_reward_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD COLUMN "credited_amount" numeric(78, 0);--> statement-breakpoint
CREATE INDEX "unmatched_payments_block_idx" ON "unmatched_payments" USING btree ("block_number");--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_credited_within_amount" CHECK ("recharge_orders"."credited_amount" >= 0 AND "recharge_orders"."credited_amount" <= "recharge_orders"."amount");