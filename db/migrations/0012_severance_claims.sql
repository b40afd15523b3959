CREATE TABLE `decision_reminders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`kind` text NOT NULL,
	`deadline` text NOT NULL,
	`claimed_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `vk_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `decision_reminders_uq` ON `decision_reminders` (`account_id`,`kind`,`deadline`);--> statement-breakpoint
ALTER TABLE `vk_accounts` ADD `right_to_decide_reason` text;--> statement-breakpoint
ALTER TABLE `vk_accounts` ADD `self_employed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `severance_claims` ADD `entitlement_cents` integer;--> statement-breakpoint
ALTER TABLE `severance_claims` ADD `tax_cents` integer;--> statement-breakpoint
ALTER TABLE `severance_claims` ADD `cash_order_cost_cents` integer;--> statement-breakpoint
ALTER TABLE `severance_claims` ADD `signature_kind` text;--> statement-breakpoint
ALTER TABLE `severance_claims` ADD `signature_name` text;--> statement-breakpoint
CREATE INDEX `severance_claims_account_idx` ON `severance_claims` (`account_id`);--> statement-breakpoint
ALTER TABLE `severance_claims` DROP COLUMN `due_date`;