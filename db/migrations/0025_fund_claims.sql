ALTER TABLE `severance_claims` ADD `status_changed_at` text;--> statement-breakpoint
CREATE INDEX `severance_claims_received_idx` ON `severance_claims` (`submitted_at`,`id`);