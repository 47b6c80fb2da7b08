CREATE TABLE "definition_sets" (
	"id" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"published_at" timestamp (3) with time zone NOT NULL,
	"published_by" text NOT NULL,
	"manifest" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "definition_texts" (
	"sha256" text PRIMARY KEY NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "definition_sets_published" ON "definition_sets" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "definition_sets_version" ON "definition_sets" USING btree ("version");