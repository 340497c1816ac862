PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_reminder_settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`daily_hour` integer,
	`weekly` integer DEFAULT false NOT NULL,
	`daily_token` text,
	`weekly_token` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- The one token of before stays the daily list's (links in mails already sent keep working); a weekly
-- summary that is on gets a token of its own, so a daily link no longer names it.
INSERT INTO `__new_reminder_settings`("id", "user_id", "daily_hour", "weekly", "daily_token", "weekly_token") SELECT "id", "user_id", "daily_hour", "weekly", "token", CASE WHEN "weekly" THEN lower(hex(randomblob(24))) END FROM `reminder_settings`;--> statement-breakpoint
DROP TABLE `reminder_settings`;--> statement-breakpoint
ALTER TABLE `__new_reminder_settings` RENAME TO `reminder_settings`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_settings_user_unique` ON `reminder_settings` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_settings_daily_token_unique` ON `reminder_settings` (`daily_token`);--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_settings_weekly_token_unique` ON `reminder_settings` (`weekly_token`);