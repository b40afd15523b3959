CREATE TABLE `contact_duties` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer NOT NULL,
	`customer_designation` text NOT NULL,
	`function_groups` text NOT NULL,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_duties_person_idx` ON `contact_duties` (`person_id`);--> statement-breakpoint
CREATE TABLE `person_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`person_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `person_tokens_person_idx` ON `person_tokens` (`person_id`,`purpose`);--> statement-breakpoint
ALTER TABLE `persons` ADD `terms_pending` text;--> statement-breakpoint
ALTER TABLE `persons` ADD `terms_accepted_at` text;--> statement-breakpoint
ALTER TABLE `persons` ADD `annual_statement_decision_pending` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `persons` ADD `annual_statement_via_portal` integer;--> statement-breakpoint
ALTER TABLE `persons` ADD `login_data_sync_pending` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `persons` ADD `login_data_synced_at` text;--> statement-breakpoint
ALTER TABLE `persons` ADD `email_update_pending` text;--> statement-breakpoint
ALTER TABLE `persons` ADD `registration_update_pending` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `persons` ADD `eid_bpk` text;--> statement-breakpoint
CREATE UNIQUE INDEX `persons_eid_bpk_uq` ON `persons` (`eid_bpk`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `selected_duty_id` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `stage` text DEFAULT 'ACTIVE' NOT NULL;