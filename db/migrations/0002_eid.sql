CREATE TABLE `eid_auth_requests` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`nonce` text NOT NULL,
	`code_verifier` text NOT NULL,
	`return_to` text,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text
);
--> statement-breakpoint
CREATE INDEX `eid_auth_requests_expires_idx` ON `eid_auth_requests` (`expires_at`);--> statement-breakpoint
ALTER TABLE `login_attempts` ADD `method` text DEFAULT 'PASSWORD' NOT NULL;