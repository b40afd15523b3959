CREATE TABLE `consent_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer NOT NULL,
	`subject` text NOT NULL,
	`granted` integer NOT NULL,
	`terms_ticked` integer,
	`text_version` text NOT NULL,
	`channel` text NOT NULL,
	`recorded_at` text NOT NULL,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `consent_records_person_idx` ON `consent_records` (`person_id`,`recorded_at`);