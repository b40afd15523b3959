-- Stored file names cleaned (decision 0041), as schema/contract/uploads.ts cleanStoredFileName does on SQLite: a name
-- whose characters all lie in U+0001-U+00FF (one above U+007F) and whose Latin-1 bytes are valid UTF-8 is decoded as
-- UTF-8 (a name the upload route read as Latin-1); then the characters of UNSAFE_FILE_NAME_CHARACTERS are removed;
-- 'Datei' when nothing is left. The helper function is dropped again.
CREATE FUNCTION portal_clean_file_name(name text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  cleaned text := name;
BEGIN
  IF name ~ '[\u0080-\u00ff]' AND name !~ '[^\u0001-\u00ff]' THEN
    BEGIN
      cleaned := convert_from(convert_to(name, 'LATIN1'), 'UTF8');
    EXCEPTION WHEN OTHERS THEN
      cleaned := name;
    END;
  END IF;
  cleaned := regexp_replace(cleaned, '[\u0001-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u206f\ufeff\ufff9-\ufffb]', '', 'g');
  RETURN coalesce(nullif(cleaned, ''), 'Datei');
END
$$;
--> statement-breakpoint
UPDATE "uploads" SET "file_name" = portal_clean_file_name("file_name") WHERE "file_name" <> portal_clean_file_name("file_name");
--> statement-breakpoint
UPDATE "public_upload_files" SET "file_name" = portal_clean_file_name("file_name") WHERE "file_name" <> portal_clean_file_name("file_name");
--> statement-breakpoint
UPDATE "message_attachments" SET "file_name" = portal_clean_file_name("file_name") WHERE "file_name" <> portal_clean_file_name("file_name");
--> statement-breakpoint
UPDATE "claim_files" SET "file_name" = portal_clean_file_name("file_name") WHERE "file_name" <> portal_clean_file_name("file_name");
--> statement-breakpoint
UPDATE "merge_request_files" SET "file_name" = portal_clean_file_name("file_name") WHERE "file_name" <> portal_clean_file_name("file_name");
--> statement-breakpoint
DROP FUNCTION portal_clean_file_name(text);
