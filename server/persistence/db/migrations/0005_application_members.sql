CREATE TABLE `application_members` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`role` text NOT NULL,
	`email` text NOT NULL,
	`user_id` text,
	`token_hash` text,
	`expires_at` integer NOT NULL,
	`invited_at` integer NOT NULL,
	`accepted_at` integer,
	`completed` text DEFAULT '[]' NOT NULL,
	`revision` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `application_members_role` ON `application_members` (`application_id`,`role`);--> statement-breakpoint
CREATE UNIQUE INDEX `application_members_user` ON `application_members` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `application_members_token` ON `application_members` (`token_hash`);