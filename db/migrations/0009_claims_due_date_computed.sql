ALTER TABLE `vk_accounts` ADD `right_to_decide_reason` text;--> statement-breakpoint
ALTER TABLE `vk_accounts` ADD `self_employed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `severance_claims` DROP COLUMN `due_date`;