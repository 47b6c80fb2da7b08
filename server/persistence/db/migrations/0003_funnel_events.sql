CREATE TABLE `funnel_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`journey_id` text NOT NULL,
	`kind` text NOT NULL,
	`step_id` text NOT NULL,
	`variant` text,
	`duration_ms` integer
);
--> statement-breakpoint
CREATE INDEX `funnel_events_step` ON `funnel_events` (`step_id`,`kind`);--> statement-breakpoint
CREATE INDEX `funnel_events_journey` ON `funnel_events` (`journey_id`,`at`);