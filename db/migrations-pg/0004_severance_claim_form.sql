ALTER TABLE "severance_claims" ADD COLUMN "entitlement_cents" bigint;--> statement-breakpoint
ALTER TABLE "severance_claims" ADD COLUMN "tax_cents" bigint;--> statement-breakpoint
ALTER TABLE "severance_claims" ADD COLUMN "cash_order_cost_cents" bigint;--> statement-breakpoint
ALTER TABLE "severance_claims" ADD COLUMN "signature_kind" text;--> statement-breakpoint
ALTER TABLE "severance_claims" ADD COLUMN "signature_name" text;--> statement-breakpoint
CREATE INDEX "severance_claims_account_idx" ON "severance_claims" USING btree ("account_id");