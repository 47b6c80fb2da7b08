CREATE TABLE "applicant_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"user_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"status" text NOT NULL,
	"variant" text,
	"document" text NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"partner_id" text DEFAULT 'house' NOT NULL,
	"loan_officer_id" text,
	"definitions_version" text,
	"recheck" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp (3) with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"application_id" text,
	"changed" text DEFAULT '[]' NOT NULL,
	"definitions_version" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "funnel_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp (3) with time zone NOT NULL,
	"journey_id" text NOT NULL,
	"kind" text NOT NULL,
	"step_id" text NOT NULL,
	"variant" text,
	"duration_ms" bigint
);
--> statement-breakpoint
CREATE TABLE "identity_reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"borrower" text NOT NULL,
	"id_type" text NOT NULL,
	"upload_ids" text NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"reviewed_by" text,
	"reviewed_at" timestamp (3) with time zone,
	"definitions_version" text,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"user_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"consumed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"partner_id" text DEFAULT 'house' NOT NULL,
	"password_hash" text,
	"disabled_at" timestamp (3) with time zone,
	"invited_by" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "portal_users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_windows" (
	"bucket" text PRIMARY KEY NOT NULL,
	"window_start" bigint NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"consumed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signatures" (
	"id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"signer" text NOT NULL,
	"typed_name" text NOT NULL,
	"documents" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"signed_at" timestamp (3) with time zone NOT NULL,
	"pdf_key" text,
	"definitions_version" text
);
--> statement-breakpoint
CREATE TABLE "spent_bot_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"borrower" text NOT NULL,
	"document_type" text NOT NULL,
	"document_subtype" text,
	"side" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"property_id" text,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"email_verified_at" timestamp (3) with time zone,
	"password_hash" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "applicant_sessions" ADD CONSTRAINT "applicant_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_reviews" ADD CONSTRAINT "identity_reviews_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_user_id_portal_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."portal_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_tokens" ADD CONSTRAINT "portal_tokens_user_id_portal_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."portal_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicant_sessions_user" ON "applicant_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_owner" ON "applications" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "applications_partner" ON "applications" USING btree ("partner_id","updated_at");--> statement-breakpoint
CREATE INDEX "applications_loan_officer" ON "applications" USING btree ("loan_officer_id");--> statement-breakpoint
CREATE INDEX "audit_events_application" ON "audit_events" USING btree ("application_id","at");--> statement-breakpoint
CREATE INDEX "funnel_events_step" ON "funnel_events" USING btree ("step_id","kind");--> statement-breakpoint
CREATE INDEX "funnel_events_journey" ON "funnel_events" USING btree ("journey_id","at");--> statement-breakpoint
CREATE INDEX "identity_reviews_application" ON "identity_reviews" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "identity_reviews_status" ON "identity_reviews" USING btree ("status");--> statement-breakpoint
CREATE INDEX "portal_sessions_user" ON "portal_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "portal_tokens_user" ON "portal_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_tokens_hash" ON "portal_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_users_partner" ON "portal_users" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "rate_limit_windows_start" ON "rate_limit_windows" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "sign_in_codes_email" ON "sign_in_codes" USING btree ("kind","email");--> statement-breakpoint
CREATE INDEX "signatures_application" ON "signatures" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "uploads_application" ON "uploads" USING btree ("application_id");--> statement-breakpoint
-- The lender itself, the partner every application and portal user belongs to by default.
INSERT INTO "partners" ("id", "name", "created_at") VALUES ('house', 'Our lending team', to_timestamp(0));
