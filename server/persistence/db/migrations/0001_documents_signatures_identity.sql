CREATE TABLE `identity_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`borrower` text NOT NULL,
	`id_type` text NOT NULL,
	`upload_ids` text NOT NULL,
	`provider` text NOT NULL,
	`status` text NOT NULL,
	`reason` text,
	`reviewed_by` text,
	`reviewed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `identity_reviews_application` ON `identity_reviews` (`application_id`);--> statement-breakpoint
CREATE INDEX `identity_reviews_status` ON `identity_reviews` (`status`);--> statement-breakpoint
CREATE TABLE `signatures` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`signer` text NOT NULL,
	`typed_name` text NOT NULL,
	`documents` text NOT NULL,
	`ip` text,
	`user_agent` text,
	`signed_at` integer NOT NULL,
	`pdf_key` text,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `signatures_application` ON `signatures` (`application_id`);--> statement-breakpoint
ALTER TABLE `uploads` ADD `property_id` text;