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
DROP INDEX `messages_person_idx`;--> statement-breakpoint
ALTER TABLE `messages` ADD `mailbox_kind` text DEFAULT 'MEMBER' NOT NULL;--> statement-breakpoint
CREATE INDEX `messages_person_idx` ON `messages` (`person_id`,`mailbox_kind`,`direction`,`sent_at`);