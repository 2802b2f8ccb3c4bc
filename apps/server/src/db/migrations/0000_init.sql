CREATE TABLE "case_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"actor_type" text NOT NULL,
	"actor_uid" text,
	"from_state" text,
	"to_state" text NOT NULL,
	"message_to_customer" text,
	"internal_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "payment_events_provider_event_id_unique" UNIQUE("provider_event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'unpaid' NOT NULL,
	"provider_payment_intent" text,
	"refund_requested_amount" integer DEFAULT 0 NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_session_id_unique" UNIQUE("provider_session_id"),
	CONSTRAINT "payments_amount_non_negative" CHECK ("payments"."amount" >= 0),
	CONSTRAINT "payments_currency_iso" CHECK ("payments"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "payments_refunds_within_amount" CHECK ("payments"."refund_requested_amount" >= 0 and "payments"."refunded_amount" >= 0 and "payments"."refund_requested_amount" <= "payments"."amount" and "payments"."refunded_amount" <= "payments"."amount")
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"owner_uid" text NOT NULL,
	"status_token_hash" text NOT NULL,
	"messaging_app" text NOT NULL,
	"phone_e164" text NOT NULL,
	"account_type" text NOT NULL,
	"device" text NOT NULL,
	"ban_message" text NOT NULL,
	"banned_at" timestamp with time zone,
	"banned_at_approx" text,
	"usage" text NOT NULL,
	"contact_email" text NOT NULL,
	"plan" text NOT NULL,
	"price_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"case_state" text DEFAULT 'awaiting_payment' NOT NULL,
	"payment_state" text DEFAULT 'unpaid' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"assigned_operator_uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requests_reference_unique" UNIQUE("reference"),
	CONSTRAINT "requests_price_amount_non_negative" CHECK ("requests"."price_amount" >= 0),
	CONSTRAINT "requests_currency_iso" CHECK ("requests"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "case_events" ADD CONSTRAINT "case_events_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_events_request_id_created_at_idx" ON "case_events" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_status_next_attempt_at_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "payment_events_processed_at_idx" ON "payment_events" USING btree ("processed_at");--> statement-breakpoint
CREATE INDEX "payments_request_id_idx" ON "payments" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "payments_provider_payment_intent_idx" ON "payments" USING btree ("provider_payment_intent");--> statement-breakpoint
CREATE INDEX "requests_case_state_created_at_idx" ON "requests" USING btree ("case_state","created_at");--> statement-breakpoint
CREATE INDEX "requests_owner_uid_created_at_idx" ON "requests" USING btree ("owner_uid","created_at");--> statement-breakpoint
CREATE INDEX "requests_contact_email_idx" ON "requests" USING btree ("contact_email");--> statement-breakpoint
CREATE INDEX "requests_phone_e164_idx" ON "requests" USING btree ("phone_e164");