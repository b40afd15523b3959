CREATE TABLE `supervisory_board_seats` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer NOT NULL,
	`fund` text NOT NULL,
	`since` text NOT NULL,
	`until` text,
	`imported_at` text NOT NULL,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `supervisory_board_seats_person_fund_since_uq` ON `supervisory_board_seats` (`person_id`,`fund`,`since`);--> statement-breakpoint
CREATE INDEX `supervisory_board_seats_person_idx` ON `supervisory_board_seats` (`person_id`);--> statement-breakpoint
CREATE TABLE `merge_request_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`merge_request_id` integer NOT NULL,
	`kind` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`content` blob NOT NULL,
	FOREIGN KEY (`merge_request_id`) REFERENCES `merge_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `merge_request_files_request_idx` ON `merge_request_files` (`merge_request_id`);--> statement-breakpoint
CREATE TABLE `merge_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer NOT NULL,
	`status` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`svnr` text NOT NULL,
	`email` text NOT NULL,
	`signature_type` text NOT NULL,
	`signature_kind` text,
	`signature_name` text,
	`account_numbers` text NOT NULL,
	`target_account_number` text NOT NULL,
	`submitted_at` text NOT NULL,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `merge_requests_person_idx` ON `merge_requests` (`person_id`);--> statement-breakpoint
CREATE TABLE `captcha_solutions` (
	`challenge` text PRIMARY KEY NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `captcha_solutions_expires_idx` ON `captcha_solutions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `install_secrets` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `public_upload_files` (
	`id` text PRIMARY KEY NOT NULL,
	`captcha_challenge` text NOT NULL,
	`submission_id` integer,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`content` blob NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`submission_id`) REFERENCES `public_uploads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `public_upload_files_captcha_idx` ON `public_upload_files` (`captcha_challenge`);--> statement-breakpoint
CREATE INDEX `public_upload_files_submission_idx` ON `public_upload_files` (`submission_id`);--> statement-breakpoint
CREATE INDEX `public_upload_files_expires_idx` ON `public_upload_files` (`expires_at`);--> statement-breakpoint
CREATE TABLE `public_uploads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`svnr` text NOT NULL,
	`email` text NOT NULL,
	`message` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `public_uploads_created_idx` ON `public_uploads` (`created_at`);--> statement-breakpoint
DROP INDEX `messages_person_idx`;--> statement-breakpoint
ALTER TABLE `messages` ADD `mailbox_kind` text DEFAULT 'MEMBER' NOT NULL;--> statement-breakpoint
CREATE INDEX `messages_person_idx` ON `messages` (`person_id`,`mailbox_kind`,`direction`,`sent_at`);