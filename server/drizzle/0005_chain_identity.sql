CREATE TABLE "chain_identity" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"genesis_hash" text NOT NULL,
	"addresses" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
