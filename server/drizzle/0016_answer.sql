ALTER TABLE "idempotency_keys" ADD COLUMN "answer" text;--> statement-breakpoint
-- An answer stored before held the service's value, not the text the caller got: the route's data
-- as it was, except the two staking routes, which kept theirs in a codec of their own (bigints as
-- "<wei>n", times as "<ISO>@"; the route turned them into decimal strings and ISO times). Each
-- becomes the success envelope its retry answered, so a key used before still replays.
UPDATE "idempotency_keys" SET "answer" = jsonb_build_object('code', 200, 'msg', 'ok', 'data',
  CASE WHEN "route" IN ('staking_use_balance', 'stake/redeem') THEN (
    SELECT jsonb_object_agg(e.k, CASE
      WHEN jsonb_typeof(e.v) = 'string' AND e.v #>> '{}' ~ '^[0-9]+n$'
        THEN to_jsonb(trim_scale(left(e.v #>> '{}', -1)::numeric * 0.000000000000000001)::text)
      WHEN jsonb_typeof(e.v) = 'string' AND e.v #>> '{}' LIKE '%@'
        THEN to_jsonb(left(e.v #>> '{}', -1))
      ELSE e.v END)
    FROM jsonb_each("response") AS e(k, v))
  ELSE "response" END)::text
WHERE "response" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "response";
