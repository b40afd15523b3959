CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer,
	`kind` text NOT NULL,
	`recipient` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`message_id` text NOT NULL,
	`created_at` text NOT NULL,
	`due_at` text NOT NULL,
	`attempts` integer NOT NULL,
	`lease_owner` text,
	`lease_until` text,
	`last_error` text,
	`failed_at` text,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_due_idx` ON `mail_outbox` (`failed_at`,`due_at`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`person_id` integer NOT NULL,
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`response` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`person_id`, `scope`, `key`),
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_idx` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
CREATE TABLE `job_leases` (
	`name` text PRIMARY KEY NOT NULL,
	`due_at` text NOT NULL,
	`lease_owner` text,
	`lease_until` text,
	`last_run_at` text,
	`last_run_owner` text,
	`runs` integer NOT NULL,
	`last_error` text
);
