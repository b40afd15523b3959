CREATE TABLE `persons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`svnr` text NOT NULL,
	`lfn` integer NOT NULL,
	`gender` text NOT NULL,
	`title_prefix` text,
	`title_suffix` text,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`birth_date` text NOT NULL,
	`email` text,
	`phone` text,
	`street` text,
	`postcode` text,
	`city` text,
	`country` text DEFAULT 'AT' NOT NULL,
	`po_box` text,
	`address_valid_from` text,
	`newsletter_pk` integer,
	`newsletter_vk` integer,
	`benefit_statement_digital` integer,
	`account_statement_by_mail` integer DEFAULT false NOT NULL,
	`notify_when_payout_possible` integer DEFAULT false NOT NULL,
	`prize_draw_vk` integer,
	`membership_status` text DEFAULT 'ACTIVE' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	CONSTRAINT "persons_svnr_digits" CHECK(length("persons"."svnr") = 10)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `persons_svnr_uq` ON `persons` (`svnr`);--> statement-breakpoint
CREATE UNIQUE INDEX `persons_email_uq` ON `persons` (`email`);--> statement-breakpoint
CREATE INDEX `persons_last_name_idx` ON `persons` (`last_name`);--> statement-breakpoint
CREATE TABLE `credentials` (
	`person_id` integer PRIMARY KEY NOT NULL,
	`password_hash` text NOT NULL,
	`password_changed_at` text NOT NULL,
	`access_status` text DEFAULT 'ACTIVE' NOT NULL,
	`failed_attempts` integer DEFAULT 0 NOT NULL,
	`locked_until` text,
	`last_login_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer,
	`email` text NOT NULL,
	`status` text NOT NULL,
	`succeeded` integer NOT NULL,
	`ip_address` text,
	`user_agent` text,
	`attempted_at` text NOT NULL,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `login_attempts_person_idx` ON `login_attempts` (`person_id`,`attempted_at`);--> statement-breakpoint
CREATE INDEX `login_attempts_ip_idx` ON `login_attempts` (`ip_address`,`attempted_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`person_id` integer NOT NULL,
	`tenant` text NOT NULL,
	`created_at` text NOT NULL,
	`last_seen_at` text NOT NULL,
	`ended_at` text,
	`end_reason` text,
	`mailbox_type` text DEFAULT 'AWB_LB' NOT NULL,
	`ip_address` text,
	`user_agent` text,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_person_idx` ON `sessions` (`person_id`);--> statement-breakpoint
CREATE TABLE `employers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_number` text NOT NULL,
	`name` text NOT NULL,
	`city` text NOT NULL,
	`parent_id` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `employers_customer_number_uq` ON `employers` (`customer_number`);--> statement-breakpoint
CREATE TABLE `pk_contracts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer NOT NULL,
	`contract_number` text NOT NULL,
	`vrg` integer NOT NULL,
	`employer_id` integer NOT NULL,
	`customer_id` integer NOT NULL,
	`calculation_interest_rate_bp` integer NOT NULL,
	`widow_transition_percent` integer NOT NULL,
	`partner_rule` text NOT NULL,
	`role` text NOT NULL,
	`start_date` text NOT NULL,
	`pension_start_date` text,
	`monthly_pension_cents` integer,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vrg`) REFERENCES `vrgs`(`number`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`employer_id`) REFERENCES `employers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `employers`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "pk_contracts_rate" CHECK("pk_contracts"."calculation_interest_rate_bp" between 0 and 600)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pk_contracts_number_uq` ON `pk_contracts` (`contract_number`);--> statement-breakpoint
CREATE INDEX `pk_contracts_person_idx` ON `pk_contracts` (`person_id`);--> statement-breakpoint
CREATE TABLE `pk_statements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contract_id` integer NOT NULL,
	`stichtag` text NOT NULL,
	`reserve_cents` integer NOT NULL,
	`fluctuation_reserve_cents` integer NOT NULL,
	`total_capital_cents` integer NOT NULL,
	`employer_contributions_cents` integer NOT NULL,
	`employee_contributions_cents` integer NOT NULL,
	`employer_transfers_cents` integer NOT NULL,
	`employee_transfers_cents` integer NOT NULL,
	`premium108a_cents` integer NOT NULL,
	`investment_result_cents` integer NOT NULL,
	`costs_cents` integer NOT NULL,
	`pension_payments_cents` integer NOT NULL,
	`shortfall_cents` integer NOT NULL,
	`projected_yearly_pension_cents` integer NOT NULL,
	FOREIGN KEY (`contract_id`) REFERENCES `pk_contracts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pk_statements_contract_stichtag_uq` ON `pk_statements` (`contract_id`,`stichtag`);--> statement-breakpoint
CREATE TABLE `vrgs` (
	`number` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`equity_target_percent` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `vk_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer NOT NULL,
	`account_number` text NOT NULL,
	`employer_id` integer NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text,
	`status` text NOT NULL,
	`right_to_decide_since` text,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`employer_id`) REFERENCES `employers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vk_accounts_number_uq` ON `vk_accounts` (`account_number`);--> statement-breakpoint
CREATE INDEX `vk_accounts_person_idx` ON `vk_accounts` (`person_id`);--> statement-breakpoint
CREATE TABLE `vk_statements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`stichtag` text NOT NULL,
	`total_entitlement_cents` integer NOT NULL,
	`guaranteed_capital_cents` integer NOT NULL,
	`paid_out_total_cents` integer NOT NULL,
	`contributions_cents` integer NOT NULL,
	`transfers_in_cents` integer NOT NULL,
	`administration_costs_cents` integer NOT NULL,
	`sv_carrier_costs_cents` integer NOT NULL,
	`investment_result_cents` integer NOT NULL,
	`payout_cents` integer NOT NULL,
	`loyalty_bonus_cents` integer NOT NULL,
	`surplus_share_cents` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `vk_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vk_statements_account_stichtag_uq` ON `vk_statements` (`account_id`,`stichtag`);--> statement-breakpoint
CREATE TABLE `message_attachments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`content` blob NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `message_attachments_message_idx` ON `message_attachments` (`message_id`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer NOT NULL,
	`direction` text NOT NULL,
	`counterpart` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`origin` text NOT NULL,
	`sent_at` text NOT NULL,
	`read_at` text,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `messages_person_idx` ON `messages` (`person_id`,`direction`,`sent_at`);--> statement-breakpoint
CREATE TABLE `documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer NOT NULL,
	`category` text NOT NULL,
	`fund` text NOT NULL,
	`title` text NOT NULL,
	`document_date` text NOT NULL,
	`source_table` text NOT NULL,
	`source_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text DEFAULT 'application/pdf' NOT NULL,
	`created_at` text NOT NULL,
	`read_at` text,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `documents_person_idx` ON `documents` (`person_id`,`category`,`document_date`);--> statement-breakpoint
CREATE TABLE `claim_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`claim_id` integer NOT NULL,
	`kind` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`content` blob NOT NULL,
	FOREIGN KEY (`claim_id`) REFERENCES `severance_claims`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `claim_files_claim_idx` ON `claim_files` (`claim_id`);--> statement-breakpoint
CREATE TABLE `severance_claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer NOT NULL,
	`account_id` integer NOT NULL,
	`option` text NOT NULL,
	`institution_name` text,
	`policy_number` text,
	`iban` text,
	`bic` text,
	`payout_type` text,
	`street` text,
	`postcode` text,
	`city` text,
	`country` text,
	`status` text NOT NULL,
	`submitted_at` text NOT NULL,
	`due_date` text NOT NULL,
	`definite_date` text,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `vk_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `severance_claims_person_idx` ON `severance_claims` (`person_id`);--> statement-breakpoint
CREATE TABLE `mandates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer NOT NULL,
	`contract_id` integer NOT NULL,
	`type` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`iban` text NOT NULL,
	`bic` text,
	`account_owner` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text,
	`phone` text,
	`mandate_reference` text NOT NULL,
	`creditor_id` text NOT NULL,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contract_id`) REFERENCES `pk_contracts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mandates_reference_uq` ON `mandates` (`mandate_reference`);--> statement-breakpoint
CREATE INDEX `mandates_person_idx` ON `mandates` (`person_id`);--> statement-breakpoint
CREATE TABLE `bank_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer NOT NULL,
	`account_holder` text NOT NULL,
	`bank_name` text NOT NULL,
	`iban` text NOT NULL,
	`bic` text,
	`valid_from` text NOT NULL,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bank_accounts_person_idx` ON `bank_accounts` (`person_id`,`valid_from`);