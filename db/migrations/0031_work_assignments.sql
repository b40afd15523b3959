CREATE TABLE `work_assignments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_kind` text NOT NULL,
	`item_id` integer NOT NULL,
	`staff_id` integer NOT NULL,
	`assigned_at` text NOT NULL,
	FOREIGN KEY (`staff_id`) REFERENCES `staff_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `work_assignments_item_uq` ON `work_assignments` (`item_kind`,`item_id`);--> statement-breakpoint
CREATE INDEX `work_assignments_staff_idx` ON `work_assignments` (`staff_id`);