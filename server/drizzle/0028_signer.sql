-- The address whose key signed a recharge order or an inviter signature, so that `signer:remove`
-- (docs/operations.md "Rotating the signer") can tell whether a signature of the old key can still be
-- submitted. Null on rows signed before this column: counted as possibly any signer until they expire.
ALTER TABLE "recharge_orders" ADD COLUMN "signer" text;--> statement-breakpoint
ALTER TABLE "inviter_nonces" ADD COLUMN "signer" text;
