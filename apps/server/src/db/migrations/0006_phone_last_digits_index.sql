CREATE INDEX "requests_phone_e164_reversed_idx" ON "requests" USING btree (reverse("phone_e164") text_pattern_ops);--> statement-breakpoint
-- Statistics for the new expression now, so the planner uses the index before autovacuum runs.
ANALYZE "requests";
