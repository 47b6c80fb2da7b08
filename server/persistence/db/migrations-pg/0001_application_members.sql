CREATE TABLE "application_members" (
	"id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"role" text NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"token_hash" text,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"invited_at" timestamp (3) with time zone NOT NULL,
	"accepted_at" timestamp (3) with time zone,
	"completed" text DEFAULT '[]' NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_members" ADD CONSTRAINT "application_members_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_members" ADD CONSTRAINT "application_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_members_role" ON "application_members" USING btree ("application_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "application_members_user" ON "application_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_members_token" ON "application_members" USING btree ("token_hash");