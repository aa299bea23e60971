-- Proof of liabilities (docs/proof-of-liabilities.md "Storage"): a snapshot's inner nodes as one row
-- per level instead of one row per node. `nodes` holds the level's nodes in index order, 96 bytes
-- each: hash, usdt and free as abi.encode(bytes32, uint256, uint256), the layout they are hashed
-- in. Stored uncompressed (EXTERNAL) so that a proof's substring() reads only the chunk it needs.
-- The nodes of the snapshots taken before are carried over, byte for byte.
CREATE TABLE "liability_levels" (
	"snapshot_id" bigint NOT NULL,
	"level" smallint NOT NULL,
	"nodes" bytea NOT NULL,
	CONSTRAINT "liability_levels_snapshot_id_level_pk" PRIMARY KEY("snapshot_id","level")
);
--> statement-breakpoint
ALTER TABLE "liability_levels" ALTER COLUMN "nodes" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "liability_levels" ADD CONSTRAINT "liability_levels_snapshot_id_liability_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liability_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- a uint256 as 64 hex digits: eight 32-bit limbs, most significant first (div and mod are exact)
INSERT INTO "liability_levels" ("snapshot_id", "level", "nodes")
SELECT n.snapshot_id, n.level,
  decode(string_agg(substr(n.hash, 3) || e.usdt || e.free, '' ORDER BY n.idx), 'hex')
FROM "liability_nodes" n
CROSS JOIN LATERAL (
  SELECT
    string_agg(lpad(to_hex(mod(div(n.usdt, 4294967296::numeric ^ i), 4294967296)::bigint), 8, '0'), '' ORDER BY i DESC) AS usdt,
    string_agg(lpad(to_hex(mod(div(n.free, 4294967296::numeric ^ i), 4294967296)::bigint), 8, '0'), '' ORDER BY i DESC) AS free
  FROM generate_series(0, 7) i
) e
GROUP BY n.snapshot_id, n.level;--> statement-breakpoint
DROP TABLE "liability_nodes";
