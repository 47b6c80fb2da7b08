CREATE TABLE `loan_files` (
	`application_id` text PRIMARY KEY NOT NULL,
	`milestone` text NOT NULL,
	`document` text NOT NULL,
	`revision` integer DEFAULT 0 NOT NULL,
	`decision_due_on` text,
	`waiting_on` text DEFAULT '' NOT NULL,
	`received_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `loan_files_milestone` ON `loan_files` (`milestone`);--> statement-breakpoint
CREATE INDEX `loan_files_due` ON `loan_files` (`decision_due_on`);--> statement-breakpoint
CREATE TABLE `notification_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`event` text NOT NULL,
	`template` text NOT NULL,
	`recipient` text NOT NULL,
	`values` text DEFAULT '{}' NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_outbox_application` ON `notification_outbox` (`application_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notification_outbox_due` ON `notification_outbox` (`status`,`next_attempt_at`);