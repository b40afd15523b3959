ALTER TABLE "severance_claims" ADD COLUMN "signature_kind" text;--> statement-breakpoint
ALTER TABLE "severance_claims" ADD COLUMN "signature_name" text;