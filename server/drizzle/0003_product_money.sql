CREATE TABLE "allocation_unlocks" (
	"allocation_id" bigint NOT NULL,
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allocation_unlocks_allocation_id_day_pk" PRIMARY KEY("allocation_id","day")
);
--> statement-breakpoint
CREATE TABLE "fomo_flows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fomo_flows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"user_id" integer,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fomo_flows_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "fomo_participants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fomo_participants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fomo_participants_ref" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "product_burns" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_burns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"free_amount" numeric(78, 0) NOT NULL,
	"usdt_amount" numeric(78, 0) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"tx_hash" text,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_burns_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "settlement_accruals" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"ref_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	CONSTRAINT "settlement_accruals_day_source_ref_id_pk" PRIMARY KEY("day","source","ref_id")
);
--> statement-breakpoint
CREATE TABLE "settlement_holds" (
	"day" date PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"fomo_balance" numeric(78, 0) NOT NULL,
	"floor" numeric(78, 0) NOT NULL,
	"held" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_runs" (
	"day" date NOT NULL,
	"step" text NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"total" numeric(78, 0) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_runs_day_step_pk" PRIMARY KEY("day","step")
);
--> statement-breakpoint
CREATE TABLE "stake_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stake_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"cycle" integer NOT NULL,
	"cycle_days" integer NOT NULL,
	"rate_ppm" integer NOT NULL,
	"fee_bps" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"principal" numeric(78, 0) NOT NULL,
	"interest_paid" numeric(78, 0) DEFAULT 0 NOT NULL,
	"bonus_fcc" numeric(78, 0) DEFAULT 0 NOT NULL,
	"bonus_paid" boolean DEFAULT false NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"parent_id" bigint,
	"status" text DEFAULT 'active' NOT NULL,
	"staked_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone,
	"redeemed_amount" numeric(78, 0),
	"ledger_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stake_orders_ledger_key_unique" UNIQUE("ledger_key"),
	CONSTRAINT "stake_orders_principal_positive" CHECK ("stake_orders"."principal" > 0)
);
--> statement-breakpoint
CREATE TABLE "token_allocations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "token_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"total" numeric(78, 0) NOT NULL,
	"released" numeric(78, 0) DEFAULT 0 NOT NULL,
	"paid_usdt" numeric(78, 0) DEFAULT 0 NOT NULL,
	"unlock_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_allocations_ref_unique" UNIQUE("ref"),
	CONSTRAINT "token_allocations_window" CHECK ("token_allocations"."end_at" > "token_allocations"."unlock_at"),
	CONSTRAINT "token_allocations_released" CHECK ("token_allocations"."released" >= 0 AND "token_allocations"."released" <= "token_allocations"."total")
);
--> statement-breakpoint
ALTER TABLE "fomo_participants" ADD CONSTRAINT "fomo_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_burns" ADD CONSTRAINT "product_burns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stake_orders" ADD CONSTRAINT "stake_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_allocations" ADD CONSTRAINT "token_allocations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allocation_unlocks_user_idx" ON "allocation_unlocks" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "fomo_flows_kind_idx" ON "fomo_flows" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "fomo_participants_id_idx" ON "fomo_participants" USING btree ("id");--> statement-breakpoint
CREATE INDEX "product_burns_user_idx" ON "product_burns" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "settlement_accruals_day_user_idx" ON "settlement_accruals" USING btree ("day","user_id");--> statement-breakpoint
CREATE INDEX "stake_orders_user_idx" ON "stake_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "stake_orders_active_idx" ON "stake_orders" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "token_allocations_user_idx" ON "token_allocations" USING btree ("user_id","kind");