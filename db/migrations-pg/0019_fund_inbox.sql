ALTER TABLE "messages" ADD COLUMN "reply_to_id" bigint;--> statement-breakpoint
ALTER TABLE "merge_requests" ADD COLUMN "resolved_at" text;--> statement-breakpoint
ALTER TABLE "merge_requests" ADD COLUMN "resolution_note" text;