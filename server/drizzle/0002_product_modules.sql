CREATE TABLE "card_applications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"address" text,
	"state" text DEFAULT 'submitted' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hashrate_grants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hashrate_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"ref" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hashrate_grants_source_ref" UNIQUE("source","ref")
);
--> statement-breakpoint
CREATE TABLE "hlb_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hlb_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"product" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"daily_rate_ppm" integer NOT NULL,
	"lock_days" integer NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"matures_at" timestamp with time zone NOT NULL,
	"static_total" numeric(78, 0) DEFAULT 0 NOT NULL,
	"days_accrued" integer DEFAULT 0 NOT NULL,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machine_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "machine_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"machine_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"hashrate" numeric(78, 0) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "machines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"image" text,
	"asset" text NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"hashrate" numeric(78, 0) NOT NULL,
	"days" integer NOT NULL,
	"stock" integer,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "machines_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "ops_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ops_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"command" text NOT NULL,
	"args" jsonb NOT NULL,
	"ok" boolean NOT NULL,
	"result" jsonb,
	"error" text,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pool_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"contribution_id" bigint NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"burn_value" numeric(78, 0) NOT NULL,
	"free_burned" numeric(78, 0) NOT NULL,
	"free_price" numeric(78, 0) NOT NULL,
	"level_after" integer NOT NULL,
	"state" text DEFAULT 'completed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pool_orders_contribution_id_unique" UNIQUE("contribution_id")
);
--> statement-breakpoint
CREATE TABLE "prediction_rounds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prediction_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"issue" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"open_price" numeric(78, 0) NOT NULL,
	"close_price" numeric(78, 0),
	"total_up" numeric(78, 0) DEFAULT 0 NOT NULL,
	"total_down" numeric(78, 0) DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"result" text,
	"fee_bps" integer NOT NULL,
	"fee_taken" numeric(78, 0) DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prediction_rounds_issue_unique" UNIQUE("issue"),
	CONSTRAINT "prediction_rounds_starts" UNIQUE("starts_at")
);
--> statement-breakpoint
CREATE TABLE "quote_snapshots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"symbol" text NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"taken_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"symbol" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "round_bets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "round_bets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"round_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"side" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"payout" numeric(78, 0) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "round_bets_amount_positive" CHECK ("round_bets"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"product_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"asset" text NOT NULL,
	"unit_price" numeric(78, 0) NOT NULL,
	"total" numeric(78, 0) NOT NULL,
	"state" text DEFAULT 'ordered' NOT NULL,
	"paid_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_orders_quantity_positive" CHECK ("shop_orders"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"image" text,
	"asset" text NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"stock" integer,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_products_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "card_applications" ADD CONSTRAINT "card_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hashrate_grants" ADD CONSTRAINT "hashrate_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hlb_orders" ADD CONSTRAINT "hlb_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_orders" ADD CONSTRAINT "machine_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_orders" ADD CONSTRAINT "machine_orders_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_orders" ADD CONSTRAINT "pool_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_orders" ADD CONSTRAINT "pool_orders_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_bets" ADD CONSTRAINT "round_bets_round_id_prediction_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."prediction_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_bets" ADD CONSTRAINT "round_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_applications_user_idx" ON "card_applications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "hashrate_grants_user_idx" ON "hashrate_grants" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE INDEX "hlb_orders_user_idx" ON "hlb_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "hlb_orders_state_idx" ON "hlb_orders" USING btree ("state");--> statement-breakpoint
CREATE INDEX "machine_orders_user_idx" ON "machine_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "pool_orders_user_idx" ON "pool_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "prediction_rounds_state_idx" ON "prediction_rounds" USING btree ("state","ends_at");--> statement-breakpoint
CREATE INDEX "quote_snapshots_symbol_idx" ON "quote_snapshots" USING btree ("symbol","taken_at");--> statement-breakpoint
CREATE INDEX "round_bets_round_idx" ON "round_bets" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "round_bets_user_idx" ON "round_bets" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "shop_orders_user_idx" ON "shop_orders" USING btree ("user_id","id");