CREATE TABLE `submit_receipts` (
	`key` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`user_id` text,
	`response` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `submit_receipts_created` ON `submit_receipts` (`created_at`);--> statement-breakpoint
ALTER TABLE `applications` ADD `completed` text;--> statement-breakpoint
ALTER TABLE `signatures` ADD `covered` text;--> statement-breakpoint
ALTER TABLE `signatures` ADD `voided_at` integer;--> statement-breakpoint
ALTER TABLE `uploads` ADD `review_status` text;--> statement-breakpoint
ALTER TABLE `uploads` ADD `review_reason` text;--> statement-breakpoint
ALTER TABLE `uploads` ADD `reviewed_by` text;--> statement-breakpoint
ALTER TABLE `uploads` ADD `reviewed_at` integer;