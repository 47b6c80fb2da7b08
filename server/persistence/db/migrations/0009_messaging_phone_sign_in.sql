CREATE TABLE `analytics_journeys` (
	`journey_id` text PRIMARY KEY NOT NULL,
	`partner_id` text,
	`opened_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `message_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`channel` text NOT NULL,
	`outcome` text NOT NULL,
	`kind` text NOT NULL,
	`reason` text,
	`area_code` text,
	`cost_cents` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `message_events_at` ON `message_events` (`at`,`channel`);--> statement-breakpoint
ALTER TABLE `funnel_events` ADD `partner_id` text;--> statement-breakpoint
ALTER TABLE `users` ADD `phone_mac` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_phone_mac_unique` ON `users` (`phone_mac`);