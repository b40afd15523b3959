CREATE TABLE `bank_account_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer NOT NULL,
	`account_holder` text NOT NULL,
	`bank_name` text NOT NULL,
	`iban` text NOT NULL,
	`bic` text,
	`valid_from` text NOT NULL,
	`status` text NOT NULL,
	`entered_by` text NOT NULL,
	`entered_at` text NOT NULL,
	`decided_by` text,
	`decided_at` text,
	`reason` text,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bank_account_changes_status_idx` ON `bank_account_changes` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `bank_account_changes_person_idx` ON `bank_account_changes` (`person_id`);