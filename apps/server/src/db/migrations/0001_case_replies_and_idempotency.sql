ALTER TABLE "case_events" ADD COLUMN "customer_reply" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "idempotency_key_hash" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "idempotency_sealed_token" text;--> statement-breakpoint
CREATE UNIQUE INDEX "requests_owner_uid_idempotency_key_hash_idx" ON "requests" USING btree ("owner_uid","idempotency_key_hash");