ALTER TABLE `severance_claims` ADD `signature_kind` text;--> statement-breakpoint
ALTER TABLE `severance_claims` ADD `signature_name` text;