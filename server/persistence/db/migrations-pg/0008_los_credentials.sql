CREATE TABLE "los_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"label" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"last_used_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	"revoked_by" text
);
--> statement-breakpoint
CREATE INDEX "los_credentials_partner" ON "los_credentials" USING btree ("partner_id","created_at");