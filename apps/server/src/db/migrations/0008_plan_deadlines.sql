CREATE TABLE "reply_deadlines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reply_deadlines_due_after_start" CHECK ("reply_deadlines"."due_at" >= "reply_deadlines"."started_at")
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "reply_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reply_deadlines" ADD CONSTRAINT "reply_deadlines_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reply_deadlines_pending_request_idx" ON "reply_deadlines" USING btree ("request_id") WHERE "reply_deadlines"."answered_at" is null;--> statement-breakpoint
CREATE INDEX "reply_deadlines_decided_at_idx" ON "reply_deadlines" USING btree (least("answered_at", "due_at"));--> statement-breakpoint
CREATE INDEX "reply_deadlines_unwarned_due_at_idx" ON "reply_deadlines" USING btree ("due_at") WHERE "reply_deadlines"."answered_at" is null and "reply_deadlines"."alerted_at" is null;--> statement-breakpoint
CREATE INDEX "requests_reply_due_id_idx" ON "requests" USING btree (coalesce("reply_due_at", 'infinity'::timestamptz),"id");