-- Withdrawal limit settings named one way, <coin prefix>withdraw_<limit>_wei (protocol's WITHDRAW_RULES):
-- the two minimums move to the new keys with their values; a value already under a new key wins.
INSERT INTO "config" ("key", "value")
SELECT CASE "key" WHEN 'min_withdraw_wei' THEN 'withdraw_min_wei' ELSE 'free_withdraw_min_wei' END, "value"
FROM "config" WHERE "key" IN ('min_withdraw_wei', 'free_min_withdraw_wei')
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
DELETE FROM "config" WHERE "key" IN ('min_withdraw_wei', 'free_min_withdraw_wei');
