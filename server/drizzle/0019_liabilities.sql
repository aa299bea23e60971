CREATE TABLE "liability_snapshots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "liability_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"root" text NOT NULL,
	"usdt" numeric(78, 0) NOT NULL,
	"free" numeric(78, 0) NOT NULL,
	"leaf_count" integer NOT NULL,
	"user_count" integer NOT NULL,
	"state" text DEFAULT 'stored' NOT NULL,
	"contract" text,
	"tx_hash" text,
	"published_at" timestamp with time zone,
	"fail_reason" text,
	"taken_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "liability_snapshots_not_negative" CHECK ("liability_snapshots"."usdt" >= 0 AND "liability_snapshots"."free" >= 0 AND "liability_snapshots"."leaf_count" >= 1)
);
--> statement-breakpoint
CREATE TABLE "liability_leaves" (
	"snapshot_id" bigint NOT NULL,
	"idx" integer NOT NULL,
	"user_id" integer NOT NULL,
	"salt" text NOT NULL,
	"user_hash" text NOT NULL,
	"usdt" numeric(78, 0) NOT NULL,
	"free" numeric(78, 0) NOT NULL,
	CONSTRAINT "liability_leaves_snapshot_id_idx_pk" PRIMARY KEY("snapshot_id","idx"),
	CONSTRAINT "liability_leaves_user" UNIQUE("snapshot_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "liability_nodes" (
	"snapshot_id" bigint NOT NULL,
	"level" smallint NOT NULL,
	"idx" integer NOT NULL,
	"hash" text NOT NULL,
	"usdt" numeric(78, 0) NOT NULL,
	"free" numeric(78, 0) NOT NULL,
	CONSTRAINT "liability_nodes_snapshot_id_level_idx_pk" PRIMARY KEY("snapshot_id","level","idx")
);
--> statement-breakpoint
ALTER TABLE "liability_leaves" ADD CONSTRAINT "liability_leaves_snapshot_id_liability_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liability_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liability_leaves" ADD CONSTRAINT "liability_leaves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liability_nodes" ADD CONSTRAINT "liability_nodes_snapshot_id_liability_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liability_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "liability_snapshots_state_idx" ON "liability_snapshots" USING btree ("state","id");
