ALTER TABLE "applications" ADD COLUMN "pending_decline_since" text;--> statement-breakpoint
CREATE INDEX "applications_pending_decline" ON "applications" USING btree ("pending_decline_since");