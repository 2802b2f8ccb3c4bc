-- The e-mail claim (0015) chose its jobs in a subquery joined to the outbox: a plan that runs
-- that subquery again for each row it joins (a nested loop with nothing kept) passes, with
-- SKIP LOCKED, over the job it has just taken to the next one, and claims every due job for
-- a batch of one. A fresh embedded database planned it so after 0016's ANALYZE of the empty
-- outbox: the worker sent the first job and left the others leased and unsent for a minute.
-- The jobs are now chosen once, into an array (an init plan, run once whatever the join),
-- and the update takes exactly those. Still planned with sorting off (0015, decision 012).
CREATE OR REPLACE FUNCTION "claim_due_emails"(batch_size integer, lease_seconds integer, max_attempts integer)
RETURNS SETOF "outbox"
LANGUAGE sql
VOLATILE
SET enable_sort = off
AS $$
  UPDATE "outbox"
  SET "status" = 'sending',
    "attempts" = "attempts" + 1,
    "next_attempt_at" = now() + make_interval(secs => lease_seconds)
  WHERE "id" = ANY (ARRAY(
      SELECT "id" FROM "outbox"
      WHERE "kind" LIKE 'email.%'
        -- The predicate of outbox_due_idx.
        AND "status" IN ('pending', 'sending')
        AND "next_attempt_at" <= now()
        AND "attempts" < max_attempts
      ORDER BY "next_attempt_at"
      LIMIT batch_size
      FOR UPDATE SKIP LOCKED))
    AND "attempts" < max_attempts
  RETURNING *;
$$;
