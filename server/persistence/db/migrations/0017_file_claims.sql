CREATE TABLE `file_claims` (
	`storage_key` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`claimed_at` integer NOT NULL
);
