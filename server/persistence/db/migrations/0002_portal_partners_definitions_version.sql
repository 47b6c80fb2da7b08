CREATE TABLE `partners` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `portal_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`consumed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `portal_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `portal_tokens_user` ON `portal_tokens` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `portal_tokens_hash` ON `portal_tokens` (`token_hash`);--> statement-breakpoint
ALTER TABLE `applications` ADD `partner_id` text DEFAULT 'house' NOT NULL;--> statement-breakpoint
ALTER TABLE `applications` ADD `loan_officer_id` text;--> statement-breakpoint
ALTER TABLE `applications` ADD `definitions_version` text;--> statement-breakpoint
ALTER TABLE `applications` ADD `recheck` text;--> statement-breakpoint
CREATE INDEX `applications_partner` ON `applications` (`partner_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `applications_loan_officer` ON `applications` (`loan_officer_id`);--> statement-breakpoint
ALTER TABLE `identity_reviews` ADD `definitions_version` text;--> statement-breakpoint
ALTER TABLE `portal_users` ADD `partner_id` text DEFAULT 'house' NOT NULL;--> statement-breakpoint
ALTER TABLE `portal_users` ADD `invited_by` text;--> statement-breakpoint
CREATE INDEX `portal_users_partner` ON `portal_users` (`partner_id`);--> statement-breakpoint
ALTER TABLE `signatures` ADD `definitions_version` text;--> statement-breakpoint
-- The lender's own staff: every existing user and application belongs to it.
INSERT INTO `partners` (`id`, `name`, `created_at`) VALUES ('house', 'Our lending team', 0);
