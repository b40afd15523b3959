ALTER TABLE "sessions" ADD COLUMN "public_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_public_id_idx" ON "sessions" USING btree ("public_id");--> statement-breakpoint
-- Hand-written (decision 0048): sessions still open at the migration get a random public id (122 random bits of a
-- version-4 UUID, hex) so the device list can show and end them; ended sessions keep none (they are never listed).
UPDATE "sessions" SET "public_id" = replace(gen_random_uuid()::text, '-', '') WHERE "ended_at" IS NULL;
