DROP INDEX "requests_contact_email_idx";--> statement-breakpoint
DROP INDEX "requests_phone_e164_idx";--> statement-breakpoint
CREATE INDEX "case_events_to_state_created_at_idx" ON "case_events" USING btree ("to_state","created_at");--> statement-breakpoint
CREATE INDEX "requests_created_at_id_idx" ON "requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "requests_updated_at_id_idx" ON "requests" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "requests_contact_email_idx" ON "requests" USING btree ("contact_email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "requests_phone_e164_idx" ON "requests" USING btree ("phone_e164" text_pattern_ops);