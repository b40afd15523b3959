ALTER TABLE `public_upload_files` ADD `document_kind` text;--> statement-breakpoint
ALTER TABLE `public_uploads` ADD `kind` text DEFAULT 'UPLOAD_FORM' NOT NULL;--> statement-breakpoint
ALTER TABLE `public_uploads` ADD `signature_type` text;--> statement-breakpoint
ALTER TABLE `public_uploads` ADD `signature` text;