CREATE TABLE `vk_investment_results` (
	`year` integer PRIMARY KEY NOT NULL,
	`return_bp` integer NOT NULL,
	`management_fee_bp` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `vrg_allocations` (
	`vrg` integer NOT NULL,
	`year` integer NOT NULL,
	`asset_class` text NOT NULL,
	`share_bp` integer NOT NULL,
	PRIMARY KEY(`vrg`, `year`, `asset_class`),
	FOREIGN KEY (`vrg`) REFERENCES `vrgs`(`number`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "vrg_allocations_share" CHECK("vrg_allocations"."share_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE `vrg_performance` (
	`vrg` integer NOT NULL,
	`year` integer NOT NULL,
	`return_bp` integer NOT NULL,
	`volatility_bp` integer,
	`fluctuation_reserve_bp` integer NOT NULL,
	PRIMARY KEY(`vrg`, `year`),
	FOREIGN KEY (`vrg`) REFERENCES `vrgs`(`number`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `vrg_reports` (
	`vrg` integer NOT NULL,
	`year` integer NOT NULL,
	`title` text NOT NULL,
	`summary` text NOT NULL,
	PRIMARY KEY(`vrg`, `year`),
	FOREIGN KEY (`vrg`) REFERENCES `vrgs`(`number`) ON UPDATE no action ON DELETE no action
);
