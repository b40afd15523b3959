ALTER TABLE `severance_claims` ADD `entitlement_cents` integer;--> statement-breakpoint
ALTER TABLE `severance_claims` ADD `tax_cents` integer;--> statement-breakpoint
ALTER TABLE `severance_claims` ADD `cash_order_cost_cents` integer;--> statement-breakpoint
ALTER TABLE `severance_claims` ADD `signature_kind` text;--> statement-breakpoint
ALTER TABLE `severance_claims` ADD `signature_name` text;--> statement-breakpoint
CREATE INDEX `severance_claims_account_idx` ON `severance_claims` (`account_id`);