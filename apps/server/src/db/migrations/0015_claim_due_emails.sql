-- The e-mail worker's claim (jobs/outbox-worker.ts), as a function so that it plans with sorting
-- switched off. Without statistics on the outbox (a new or busy table before ANALYZE runs;
-- PGlite never runs it) the planner guessed one due job, and chose a bitmap scan of every
-- waiting job and a sort over walking outbox_due_idx in order: 45 to 60 ms a claim with
-- 16,000 waiting, and a bitmap scan never marks the index entries of sent jobs dead, so each
-- claim read more of them. Walking the index in order takes 0.08 ms. docs/decisions/012.
CREATE FUNCTION "claim_due_emails"(batch_size integer, lease_seconds integer, max_attempts integer)
RETURNS SETOF "outbox"
LANGUAGE sql
VOLATILE
SET enable_sort = off
AS $$
  UPDATE "outbox"
  SET "status" = 'sending',
    "attempts" = "attempts" + 1,
    "next_attempt_at" = now() + make_interval(secs => lease_seconds)
  WHERE "id" IN (
      SELECT "id" FROM "outbox"
      WHERE "kind" LIKE 'email.%'
        -- The predicate of outbox_due_idx.
        AND "status" IN ('pending', 'sending')
        AND "next_attempt_at" <= now()
        AND "attempts" < max_attempts
      ORDER BY "next_attempt_at"
      LIMIT batch_size
      FOR UPDATE SKIP LOCKED)
    AND "attempts" < max_attempts
  RETURNING *;
$$;
