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
