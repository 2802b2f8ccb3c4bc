CREATE TABLE "mailbox_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_id" uuid,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailbox_messages_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD CONSTRAINT "mailbox_messages_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailbox_messages_created_at_idx" ON "mailbox_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mailbox_messages_request_id_idx" ON "mailbox_messages" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "mailbox_messages_to_address_idx" ON "mailbox_messages" USING btree ("to_address");