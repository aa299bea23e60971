-- The request id of the console request that ran an operator command (nginx's $request_id), so an
-- ops_log entry leads to the request's log lines; null for the CLI.
ALTER TABLE "ops_log" ADD COLUMN "request_id" text;
