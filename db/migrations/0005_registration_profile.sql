CREATE TABLE `password_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer NOT NULL,
	`password_hash` text NOT NULL,
	`changed_at` text NOT NULL,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_history_person_idx` ON `password_history` (`person_id`,`changed_at`);--> statement-breakpoint
CREATE TABLE `registration_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer NOT NULL,
	`kind` text NOT NULL,
	`code_hash` text NOT NULL,
	`origin` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`letter_file` text,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `registration_codes_person_idx` ON `registration_codes` (`person_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `sent_mails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer,
	`kind` text NOT NULL,
	`recipient` text NOT NULL,
	`message_id` text,
	`sent_at` text NOT NULL,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `sent_mails_person_idx` ON `sent_mails` (`person_id`,`sent_at`);--> statement-breakpoint
CREATE TABLE `profile_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer NOT NULL,
	`actor` text NOT NULL,
	`session_hash` text,
	`area` text NOT NULL,
	`field` text NOT NULL,
	`old_value` text,
	`new_value` text,
	`changed_at` text NOT NULL,
	`ip_address` text,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `profile_changes_person_idx` ON `profile_changes` (`person_id`,`changed_at`);--> statement-breakpoint
ALTER TABLE `credentials` ADD `password_insecure` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `person_tokens` ADD `payload` text;