-- withdrawals.attempts has been unread since the hot-wallet outbox (hot_wallet_tx_versions keeps
-- every signed version of a payout).
ALTER TABLE "withdrawals" DROP COLUMN "attempts";--> statement-breakpoint
-- The state column is text: the database now refuses a state that protocol's WITHDRAW_STATES does
-- not name (server/src/db/schema/wallet.ts builds the same list).
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_state_known" CHECK ("withdrawals"."state" IN ('review', 'queued', 'signed', 'broadcast', 'unresolved', 'confirmed', 'failed', 'refunded'));
