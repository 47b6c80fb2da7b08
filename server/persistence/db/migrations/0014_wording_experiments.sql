CREATE TABLE `experiment_assignments` (
	`user_id` text NOT NULL,
	`experiment_id` text NOT NULL,
	`arm` text NOT NULL,
	`assigned_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `experiment_assignments_user` ON `experiment_assignments` (`user_id`,`experiment_id`);--> statement-breakpoint
ALTER TABLE `funnel_events` ADD `arms` text;