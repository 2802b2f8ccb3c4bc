CREATE TABLE "appeals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"playbook_id" uuid NOT NULL,
	"playbook_version" integer NOT NULL,
	"channel_index" integer NOT NULL,
	"channel_kind" text NOT NULL,
	"kind" text NOT NULL,
	"delivery" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"sent_to" text,
	"reply_to" text,
	"operator_uid" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"check_at" timestamp with time zone NOT NULL,
	"next_follow_up_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appeals_channel_index_non_negative" CHECK ("appeals"."channel_index" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inbound_email_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_replies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"source" text NOT NULL,
	"from_address" text,
	"subject" text,
	"body" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"suggested_outcome" text,
	"outcome" text,
	"decided_at" timestamp with time zone,
	"decided_by_uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "follow_up_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_playbook_id_playbooks_id_fk" FOREIGN KEY ("playbook_id") REFERENCES "public"."playbooks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_replies" ADD CONSTRAINT "platform_replies_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appeals_request_id_submitted_at_idx" ON "appeals" USING btree ("request_id","submitted_at");--> statement-breakpoint
CREATE INDEX "appeals_submitted_at_idx" ON "appeals" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "inbound_email_tokens_received_at_idx" ON "inbound_email_tokens" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "platform_replies_request_id_received_at_idx" ON "platform_replies" USING btree ("request_id","received_at");--> statement-breakpoint
CREATE INDEX "requests_follow_up_due_id_idx" ON "requests" USING btree (coalesce("follow_up_due_at", 'infinity'::timestamptz),"id");