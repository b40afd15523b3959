ALTER TABLE `pk_contracts` ADD `calculator_access` text DEFAULT 'FULL' NOT NULL;--> statement-breakpoint
ALTER TABLE `vrgs` ADD `active` integer DEFAULT true NOT NULL;