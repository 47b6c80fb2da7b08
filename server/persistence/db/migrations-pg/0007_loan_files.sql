CREATE TABLE "loan_files" (
	"application_id" text PRIMARY KEY NOT NULL,
	"milestone" text NOT NULL,
	"document" text NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"decision_due_on" text,
	"waiting_on" text DEFAULT '' NOT NULL,
	"received_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"event" text NOT NULL,
	"template" text NOT NULL,
	"recipient" text NOT NULL,
	"values" text DEFAULT '{}' NOT NULL,
	"status" text NOT NULL,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone,
	"last_error" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"sent_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "loan_files" ADD CONSTRAINT "loan_files_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_files_milestone" ON "loan_files" USING btree ("milestone");--> statement-breakpoint
CREATE INDEX "loan_files_due" ON "loan_files" USING btree ("decision_due_on");--> statement-breakpoint
CREATE INDEX "notification_outbox_application" ON "notification_outbox" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "notification_outbox_due" ON "notification_outbox" USING btree ("status","next_attempt_at");