CREATE TABLE `staff_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`password_hash` text NOT NULL,
	`must_change_password` integer NOT NULL,
	`totp_secret` text NOT NULL,
	`last_totp_step` integer,
	`failed_attempts` integer NOT NULL,
	`locked_until` text,
	`created_at` text NOT NULL,
	`disabled_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_accounts_email_idx` ON `staff_accounts` (`email`);--> statement-breakpoint
CREATE TABLE `staff_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`staff_id` integer NOT NULL,
	`at` text NOT NULL,
	`person_id` integer,
	`kind` text NOT NULL,
	`what` text NOT NULL,
	`target` text,
	`before` text,
	`after` text,
	FOREIGN KEY (`staff_id`) REFERENCES `staff_accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `staff_audit_person_idx` ON `staff_audit` (`person_id`);--> statement-breakpoint
CREATE INDEX `staff_audit_staff_idx` ON `staff_audit` (`staff_id`);--> statement-breakpoint
CREATE TABLE `staff_sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`staff_id` integer NOT NULL,
	`created_at` text NOT NULL,
	`last_seen_at` text NOT NULL,
	`ended_at` text,
	`end_reason` text,
	FOREIGN KEY (`staff_id`) REFERENCES `staff_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `staff_sessions_staff_idx` ON `staff_sessions` (`staff_id`);--> statement-breakpoint
-- The audit trail is append-only (decision 0054): no row is ever changed or deleted, whoever asks.
CREATE TRIGGER `staff_audit_no_update` BEFORE UPDATE ON `staff_audit` BEGIN SELECT RAISE(ABORT, 'staff_audit is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `staff_audit_no_delete` BEFORE DELETE ON `staff_audit` BEGIN SELECT RAISE(ABORT, 'staff_audit is append-only'); END;
