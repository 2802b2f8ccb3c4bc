CREATE TABLE "playbooks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"messaging_app" text NOT NULL,
	"ban_type" text NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"saved_by_uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playbooks_version_positive" CHECK ("playbooks"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "playbook_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "playbooks_app_ban_type_version_idx" ON "playbooks" USING btree ("messaging_app","ban_type","version");--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_playbook_id_playbooks_id_fk" FOREIGN KEY ("playbook_id") REFERENCES "public"."playbooks"("id") ON DELETE restrict ON UPDATE no action;