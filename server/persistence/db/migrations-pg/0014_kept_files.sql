CREATE TABLE "kept_files" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
