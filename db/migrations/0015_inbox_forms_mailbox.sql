CREATE TABLE `form_submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer NOT NULL,
	`kind` text NOT NULL,
	`message_id` integer NOT NULL,
	`submitted_at` text NOT NULL,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `form_submissions_person_kind_idx` ON `form_submissions` (`person_id`,`kind`,`submitted_at`);--> statement-breakpoint
ALTER TABLE `messages` ADD `customer_designation` text;--> statement-breakpoint
CREATE INDEX `messages_customer_idx` ON `messages` (`customer_designation`,`direction`,`sent_at`);