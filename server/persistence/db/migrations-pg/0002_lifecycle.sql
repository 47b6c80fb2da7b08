CREATE TABLE "submit_receipts" (
	"key" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"user_id" text,
	"response" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "completed" text;--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "covered" text;--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "voided_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "review_status" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "reviewed_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "submit_receipts_created" ON "submit_receipts" USING btree ("created_at");