-- Lookups among rows that are never deleted (sent e-mails stay in the outbox, provider
-- events in the webhook inbox). A customer's export and erasure and the retention sweep
-- found a request's e-mails by their JSON payload, reading every e-mail ever sent (404 ms a
-- lookup at 2,000,000 e-mails on PostgreSQL); the sandbox provider read every stored event
-- at each look at one of its sessions (54 ms at 100,000 events). Each lookup now has its
-- expression index, and the index of e-mail states, written at every change of every e-mail,
-- gives way to one of the failed e-mails only (the back office's list): queueing and sending
-- a customer's e-mail writes as many index entries as before. docs/decisions/012.
DROP INDEX "outbox_status_next_attempt_at_idx";--> statement-breakpoint
CREATE INDEX "outbox_failed_created_at_id_idx" ON "outbox" USING btree ("created_at","id") WHERE "outbox"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "outbox_request_id_idx" ON "outbox" USING btree (coalesce("payload" -> 'data' ->> 'requestId', "payload" ->> 'requestId'));--> statement-breakpoint
CREATE INDEX "payment_events_sandbox_object_id_idx" ON "payment_events" USING btree (("payload" -> 'data' -> 'object' ->> 'id')) WHERE "payment_events"."provider" = 'sandbox';--> statement-breakpoint
-- Statistics for the new expression now, so the planner uses its index before autovacuum
-- runs (without them it guessed half the table for the retention sweep's hundred requests).
ANALYZE "outbox";
