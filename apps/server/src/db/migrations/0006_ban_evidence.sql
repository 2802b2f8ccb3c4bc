CREATE TABLE "evidence_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"uploaded_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"upload_sha256" text NOT NULL,
	"uploader_uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidence_files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "evidence_files_byte_size_positive" CHECK ("evidence_files"."byte_size" > 0)
);
--> statement-breakpoint
ALTER TABLE "evidence_files" ADD CONSTRAINT "evidence_files_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_files_request_id_upload_sha256_idx" ON "evidence_files" USING btree ("request_id","upload_sha256");