-- Stored file names cleaned (decision 0041): a name stored as UTF-8 read as Latin-1 is repaired, the control and
-- text-reordering characters (schema/contract/uploads.ts UNSAFE_FILE_NAME_CHARACTERS) are removed. SQLite cannot
-- decode bytes in SQL: portal_clean_file_name is the contract's cleanStoredFileName, registered on the connection by
-- db/migrate-sqlite.ts before the migrations run.
UPDATE "uploads" SET "file_name" = portal_clean_file_name("file_name") WHERE "file_name" <> portal_clean_file_name("file_name");
--> statement-breakpoint
UPDATE "public_upload_files" SET "file_name" = portal_clean_file_name("file_name") WHERE "file_name" <> portal_clean_file_name("file_name");
--> statement-breakpoint
UPDATE "message_attachments" SET "file_name" = portal_clean_file_name("file_name") WHERE "file_name" <> portal_clean_file_name("file_name");
--> statement-breakpoint
UPDATE "claim_files" SET "file_name" = portal_clean_file_name("file_name") WHERE "file_name" <> portal_clean_file_name("file_name");
--> statement-breakpoint
UPDATE "merge_request_files" SET "file_name" = portal_clean_file_name("file_name") WHERE "file_name" <> portal_clean_file_name("file_name");
