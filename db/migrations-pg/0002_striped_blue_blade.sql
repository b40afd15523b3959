CREATE TABLE "document_files" (
	"document_id" bigint PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"byte_size" bigint NOT NULL,
	"archived_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_files" ADD CONSTRAINT "document_files_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;