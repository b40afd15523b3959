CREATE TABLE `mandate_debits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`mandate_id` integer NOT NULL,
	`person_id` integer NOT NULL,
	`due_date` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text NOT NULL,
	`message_id` integer,
	`pre_notified_at` text NOT NULL,
	`collected_on` text,
	FOREIGN KEY (`mandate_id`) REFERENCES `mandates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mandate_debits_mandate_due_uq` ON `mandate_debits` (`mandate_id`,`due_date`);--> statement-breakpoint
CREATE INDEX `mandate_debits_person_idx` ON `mandate_debits` (`person_id`,`due_date`);--> statement-breakpoint
CREATE TABLE `premium_applications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer NOT NULL,
	`street` text NOT NULL,
	`postcode` text NOT NULL,
	`city` text NOT NULL,
	`country` text NOT NULL,
	`birth_date` text NOT NULL,
	`signature_kind` text NOT NULL,
	`signature` text NOT NULL,
	`signed_at` text NOT NULL,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `premium_applications_person_uq` ON `premium_applications` (`person_id`);--> statement-breakpoint
ALTER TABLE `mandates` ADD `signed_on` text;--> statement-breakpoint
ALTER TABLE `mandates` ADD `signature_kind` text;--> statement-breakpoint
ALTER TABLE `mandates` ADD `document_id` integer;