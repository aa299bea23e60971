-- Rows rewritten in place every day (an order's interest paid, an allocation's released amount) or by
-- every movement (cached balances, the per-user entry counter). Free room on each page lets
-- PostgreSQL put the new version beside the old one without new index entries (a HOT update):
-- settlement's daily updates of 100,000 rows take about half the time (docs/benchmarks.md).
-- Applies to pages written from now on; `VACUUM FULL <table>` rewrites the existing ones.
ALTER TABLE "stake_orders" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "token_allocations" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "balances" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "ledger_seqs" SET (fillfactor = 70);
