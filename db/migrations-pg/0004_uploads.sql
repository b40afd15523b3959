CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"person_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" text NOT NULL,
	"used_for" text
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_person_idx" ON "uploads" USING btree ("person_id","used_for");--> statement-breakpoint
CREATE INDEX "uploads_created_idx" ON "uploads" USING btree ("created_at");