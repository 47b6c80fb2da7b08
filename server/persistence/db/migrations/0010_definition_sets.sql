CREATE TABLE `definition_sets` (
	`id` text PRIMARY KEY NOT NULL,
	`version` text NOT NULL,
	`published_at` integer NOT NULL,
	`published_by` text NOT NULL,
	`manifest` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `definition_sets_published` ON `definition_sets` (`published_at`);--> statement-breakpoint
CREATE INDEX `definition_sets_version` ON `definition_sets` (`version`);--> statement-breakpoint
CREATE TABLE `definition_texts` (
	`sha256` text PRIMARY KEY NOT NULL,
	`text` text NOT NULL
);
