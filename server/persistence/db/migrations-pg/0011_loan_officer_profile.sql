ALTER TABLE "portal_users" ADD COLUMN "nmls_id" text;--> statement-breakpoint
ALTER TABLE "portal_users" ADD COLUMN "phone" text;