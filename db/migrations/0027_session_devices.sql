ALTER TABLE `sessions` ADD `public_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_public_id_idx` ON `sessions` (`public_id`);--> statement-breakpoint
-- Hand-written (decision 0048): sessions still open at the migration get a random public id (128 bits, hex) so the
-- device list can show and end them; ended sessions keep none (they are never listed).
UPDATE `sessions` SET `public_id` = lower(hex(randomblob(16))) WHERE `ended_at` IS NULL;
