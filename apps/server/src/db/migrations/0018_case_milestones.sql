-- When each case was paid and reached its outcome, on its request row. The dashboard and the
-- public results grouped the whole timeline (every case_events row of a paid move or an
-- outcome) for each computation: 2.2 s for the dashboard's median at 1,000,000 requests on
-- PostgreSQL, more than half of it compiling the plan (JIT). The move now writes the times
-- with the state (cases/case-transitions.ts); this fills them in for the cases before it,
-- from the timeline, the earliest of each as the aggregates took them. docs/decisions/027.
-- The timeline's index by state, there for those aggregates, goes: each move wrote to it.
ALTER TABLE "requests" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "outcome_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "outcome_state" text;--> statement-breakpoint
UPDATE "requests" SET
  "paid_at" = "milestones"."paid_at",
  "outcome_at" = "milestones"."outcome_at",
  "outcome_state" = "milestones"."outcome_state"
FROM (
  SELECT "request_id",
    min("created_at") FILTER (WHERE "from_state" = 'awaiting_payment' AND "to_state" = 'queued') AS "paid_at",
    min("created_at") FILTER (WHERE "to_state" IN ('unbanned', 'denied', 'not_eligible')) AS "outcome_at",
    (array_agg("to_state" ORDER BY "created_at", "id")
      FILTER (WHERE "to_state" IN ('unbanned', 'denied', 'not_eligible')))[1] AS "outcome_state"
  FROM "case_events"
  WHERE ("from_state" = 'awaiting_payment' AND "to_state" = 'queued')
    OR "to_state" IN ('unbanned', 'denied', 'not_eligible')
  GROUP BY "request_id"
) AS "milestones"
WHERE "requests"."id" = "milestones"."request_id";--> statement-breakpoint
CREATE INDEX "requests_paid_at_idx" ON "requests" USING btree ("paid_at") WHERE "requests"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "requests_outcome_at_paid_at_idx" ON "requests" USING btree ("outcome_at","paid_at") WHERE "requests"."outcome_at" is not null;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_outcome_state" CHECK (("requests"."outcome_at" is null) = ("requests"."outcome_state" is null) and "requests"."outcome_state" in ('unbanned', 'denied', 'not_eligible'));--> statement-breakpoint
-- Nothing else reads the timeline by state: its index was written at each move for these.
DROP INDEX "case_events_to_state_created_at_idx";--> statement-breakpoint
-- Statistics for the new columns now, so the first dashboard plans on them.
ANALYZE "requests";
