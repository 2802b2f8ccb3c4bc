CREATE TABLE "owner_reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"playbook_id" uuid NOT NULL,
	"playbook_version" integer NOT NULL,
	"channel_index" integer NOT NULL,
	"message" text,
	"requested_by_uid" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by_uid" text,
	"appeal_id" uuid,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_reviews_channel_index_non_negative" CHECK ("owner_reviews"."channel_index" >= 0)
);
--> statement-breakpoint
ALTER TABLE "owner_reviews" ADD CONSTRAINT "owner_reviews_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_reviews" ADD CONSTRAINT "owner_reviews_playbook_id_playbooks_id_fk" FOREIGN KEY ("playbook_id") REFERENCES "public"."playbooks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_reviews" ADD CONSTRAINT "owner_reviews_appeal_id_appeals_id_fk" FOREIGN KEY ("appeal_id") REFERENCES "public"."appeals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owner_reviews_request_id_requested_at_idx" ON "owner_reviews" USING btree ("request_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "owner_reviews_open_request_idx" ON "owner_reviews" USING btree ("request_id") WHERE "owner_reviews"."confirmed_at" is null;--> statement-breakpoint
CREATE INDEX "owner_reviews_unreminded_requested_at_idx" ON "owner_reviews" USING btree ("requested_at") WHERE "owner_reviews"."confirmed_at" is null and "owner_reviews"."reminder_sent_at" is null;