-- The queue filtered by one case state and a plan (the priority cases waiting, say) walked the
-- time index newest first and tested every row: at 1,000,000 requests it read 1,809 rows for a
-- page of 51 (queued and priority: one case in 24), a third of the first page's speed in
-- PostgreSQL. In this index such a page is the next 51 entries. A state alone, or several,
-- still walk the time index (one case in 8 for a single state). docs/decisions/012.
CREATE INDEX "requests_case_state_plan_created_at_id_idx" ON "requests" USING btree ("case_state","plan","created_at","id");