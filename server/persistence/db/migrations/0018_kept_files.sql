CREATE TABLE `kept_files` (
	`storage_key` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL
);
