CREATE TYPE "public"."asset" AS ENUM('USDT', 'FREE', 'FCC');--> statement-breakpoint
ALTER TABLE "balances" ALTER COLUMN "asset" SET DATA TYPE "public"."asset" USING "asset"::"public"."asset";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "asset" SET DATA TYPE "public"."asset" USING "asset"::"public"."asset";--> statement-breakpoint
ALTER TABLE "machine_orders" ALTER COLUMN "asset" SET DATA TYPE "public"."asset" USING "asset"::"public"."asset";--> statement-breakpoint
ALTER TABLE "machines" ALTER COLUMN "asset" SET DATA TYPE "public"."asset" USING "asset"::"public"."asset";--> statement-breakpoint
ALTER TABLE "shop_orders" ALTER COLUMN "asset" SET DATA TYPE "public"."asset" USING "asset"::"public"."asset";--> statement-breakpoint
ALTER TABLE "shop_products" ALTER COLUMN "asset" SET DATA TYPE "public"."asset" USING "asset"::"public"."asset";--> statement-breakpoint
ALTER TABLE "recharge_orders" ALTER COLUMN "asset" SET DATA TYPE "public"."asset" USING "asset"::"public"."asset";--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "asset" SET DATA TYPE "public"."asset" USING "asset"::"public"."asset";