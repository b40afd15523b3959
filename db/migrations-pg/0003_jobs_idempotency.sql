CREATE TABLE "idempotency_keys" (
	"person_id" bigint NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"response" text NOT NULL,
	"created_at" text NOT NULL,
	CONSTRAINT "idempotency_keys_person_id_scope_key_pk" PRIMARY KEY("person_id","scope","key")
);
--> statement-breakpoint
CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"due_at" text NOT NULL,
	"lease_owner" text,
	"lease_until" text,
	"last_run_at" text,
	"last_run_owner" text,
	"runs" bigint NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");