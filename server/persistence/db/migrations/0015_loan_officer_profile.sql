ALTER TABLE `portal_users` ADD `nmls_id` text;--> statement-breakpoint
ALTER TABLE `portal_users` ADD `phone` text;