ALTER TABLE "recharge_orders" ADD COLUMN "executor_reward" numeric(78, 0);--> statement-breakpoint
-- hand-written: orders paid before the column existed get the reward their signed terms give
-- (rechargeSplit: paid amount × executor_reward_bps / 10000, rounded down, as Payment computes it)
UPDATE "recharge_orders" SET "executor_reward" = div("paid_amount" * "executor_reward_bps", 10000) WHERE "state" = 'paid' AND "paid_amount" IS NOT NULL AND "executor_reward" IS NULL;
