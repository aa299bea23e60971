-- Key rotation (docs/operations.md "Rotating the signer", "Rotating the hot wallet").
-- The address whose key signed a recharge order or an inviter signature, so that `signer:remove`
-- can tell whether a signature of the old key can still be submitted. Null on rows signed before
-- this column: counted as possibly any signer's until they expire.
ALTER TABLE "recharge_orders" ADD COLUMN "signer" text;--> statement-breakpoint
ALTER TABLE "inviter_nonces" ADD COLUMN "signer" text;--> statement-breakpoint
-- A hot wallet being rotated out (`hotwallet:drain`): the outbox signs no new transaction with it,
-- it only settles (and fee-bumps) what it already signed.
ALTER TABLE "hot_wallet_nonces" ADD COLUMN "retired_at" timestamp with time zone;
