-- Why a withdrawal is held, for the operator (docs/operations.md "The hot wallet's guards"): waiting
-- for the hot wallet's funds (with the amounts missing), its transaction at the fee ceiling, or a
-- payout confirmed on chain after it was refunded. NULL: nothing to say.
ALTER TABLE "withdrawals" ADD COLUMN "hold" jsonb;
