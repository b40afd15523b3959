CREATE TABLE `rate_limit_counters` (
	`key` text NOT NULL,
	`window_start` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`key`, `window_start`)
);
--> statement-breakpoint
CREATE INDEX `rate_limit_counters_window_idx` ON `rate_limit_counters` (`window_start`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `login_method` text DEFAULT 'PASSWORD' NOT NULL;