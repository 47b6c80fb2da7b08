CREATE TABLE `rate_limit_windows` (
	`bucket` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_windows_start` ON `rate_limit_windows` (`window_start`);