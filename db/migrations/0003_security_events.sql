CREATE TABLE `security_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`occurred_at` text NOT NULL,
	`type` text NOT NULL,
	`person_id` integer,
	`ip_address` text,
	`user_agent` text,
	`detail` text NOT NULL,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `security_events_person_idx` ON `security_events` (`person_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `security_events_type_idx` ON `security_events` (`type`,`occurred_at`);