ALTER TABLE "public_upload_files" ADD COLUMN "document_kind" text;--> statement-breakpoint
ALTER TABLE "public_uploads" ADD COLUMN "kind" text DEFAULT 'UPLOAD_FORM' NOT NULL;--> statement-breakpoint
ALTER TABLE "public_uploads" ADD COLUMN "signature_type" text;--> statement-breakpoint
ALTER TABLE "public_uploads" ADD COLUMN "signature" text;