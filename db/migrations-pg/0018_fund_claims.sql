ALTER TABLE "severance_claims" ADD COLUMN "status_changed_at" text;--> statement-breakpoint
CREATE INDEX "severance_claims_received_idx" ON "severance_claims" USING btree ("submitted_at","id");