ALTER TABLE `vk_accounts` ADD `right_to_decide_reason` text;--> statement-breakpoint
ALTER TABLE `vk_accounts` ADD `self_employed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `severance_claims` ADD `entitlement_cents` integer;--> statement-breakpoint
ALTER TABLE `severance_claims` ADD `tax_cents` integer;--> statement-breakpoint
ALTER TABLE `severance_claims` ADD `cash_order_cost_cents` integer;--> statement-breakpoint
CREATE INDEX `severance_claims_account_idx` ON `severance_claims` (`account_id`);