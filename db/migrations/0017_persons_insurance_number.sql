PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_persons` (
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
	`terms_pending` text,
	`terms_accepted_at` text,
	`annual_statement_decision_pending` integer DEFAULT false NOT NULL,
	`annual_statement_via_portal` integer,
	`login_data_sync_pending` integer DEFAULT false NOT NULL,
	`login_data_synced_at` text,
	`email_update_pending` text,
	`registration_update_pending` integer DEFAULT false NOT NULL,
	`eid_bpk` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	CONSTRAINT "persons_svnr_length" CHECK(length("__new_persons"."svnr") = 10 or (substr("__new_persons"."svnr", 1, 1) = 'A' and length("__new_persons"."svnr") in (11, 12)))
);
--> statement-breakpoint
INSERT INTO `__new_persons`("id", "svnr", "lfn", "gender", "title_prefix", "title_suffix", "first_name", "last_name", "birth_date", "email", "phone", "street", "postcode", "city", "country", "po_box", "address_valid_from", "newsletter_pk", "newsletter_vk", "benefit_statement_digital", "account_statement_by_mail", "notify_when_payout_possible", "prize_draw_vk", "membership_status", "terms_pending", "terms_accepted_at", "annual_statement_decision_pending", "annual_statement_via_portal", "login_data_sync_pending", "login_data_synced_at", "email_update_pending", "registration_update_pending", "eid_bpk", "created_at", "updated_at") SELECT "id", "svnr", "lfn", "gender", "title_prefix", "title_suffix", "first_name", "last_name", "birth_date", "email", "phone", "street", "postcode", "city", "country", "po_box", "address_valid_from", "newsletter_pk", "newsletter_vk", "benefit_statement_digital", "account_statement_by_mail", "notify_when_payout_possible", "prize_draw_vk", "membership_status", "terms_pending", "terms_accepted_at", "annual_statement_decision_pending", "annual_statement_via_portal", "login_data_sync_pending", "login_data_synced_at", "email_update_pending", "registration_update_pending", "eid_bpk", "created_at", "updated_at" FROM `persons`;--> statement-breakpoint
DROP TABLE `persons`;--> statement-breakpoint
ALTER TABLE `__new_persons` RENAME TO `persons`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `persons_svnr_uq` ON `persons` (`svnr`);--> statement-breakpoint
CREATE UNIQUE INDEX `persons_email_uq` ON `persons` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `persons_eid_bpk_uq` ON `persons` (`eid_bpk`);--> statement-breakpoint
CREATE INDEX `persons_last_name_idx` ON `persons` (`last_name`);