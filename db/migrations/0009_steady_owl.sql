CREATE TABLE `document_files` (
	`document_id` integer PRIMARY KEY NOT NULL,
	`sha256` text NOT NULL,
	`content` blob NOT NULL,
	`byte_size` integer NOT NULL,
	`archived_at` text NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
