ALTER TABLE `applications` ADD `pending_decline_since` text;--> statement-breakpoint
CREATE INDEX `applications_pending_decline` ON `applications` (`pending_decline_since`);