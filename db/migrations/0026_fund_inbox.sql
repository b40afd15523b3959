ALTER TABLE `messages` ADD `reply_to_id` integer;--> statement-breakpoint
ALTER TABLE `merge_requests` ADD `resolved_at` text;--> statement-breakpoint
ALTER TABLE `merge_requests` ADD `resolution_note` text;