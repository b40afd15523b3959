CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`person_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`content` blob NOT NULL,
	`created_at` text NOT NULL,
	`used_for` text,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `uploads_person_idx` ON `uploads` (`person_id`,`used_for`);--> statement-breakpoint
CREATE INDEX `uploads_created_idx` ON `uploads` (`created_at`);