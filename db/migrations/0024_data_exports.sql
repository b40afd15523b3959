CREATE TABLE `data_exports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer NOT NULL,
	`status` text NOT NULL,
	`requested_at` text NOT NULL,
	`ready_at` text,
	`expires_at` text,
	`storage_key` text,
	`byte_size` integer,
	`unlocked_at` text,
	`unlocked_session` text,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `data_exports_person_idx` ON `data_exports` (`person_id`,`requested_at`);--> statement-breakpoint
CREATE INDEX `data_exports_status_idx` ON `data_exports` (`status`);