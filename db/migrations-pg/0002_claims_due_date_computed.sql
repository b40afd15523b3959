ALTER TABLE "vk_accounts" ADD COLUMN "right_to_decide_reason" text;--> statement-breakpoint
ALTER TABLE "vk_accounts" ADD COLUMN "self_employed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "severance_claims" DROP COLUMN "due_date";