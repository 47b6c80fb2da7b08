CREATE TABLE "experiment_assignments" (
	"user_id" text NOT NULL,
	"experiment_id" text NOT NULL,
	"arm" text NOT NULL,
	"assigned_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "funnel_events" ADD COLUMN "arms" text;--> statement-breakpoint
ALTER TABLE "experiment_assignments" ADD CONSTRAINT "experiment_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "experiment_assignments_user" ON "experiment_assignments" USING btree ("user_id","experiment_id");