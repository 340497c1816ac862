CREATE TABLE `reminder_sends` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`period` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_sends_unique` ON `reminder_sends` (`user_id`,`kind`,`period`);--> statement-breakpoint
CREATE TABLE `reminder_settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`daily_hour` integer,
	`weekly` integer DEFAULT false NOT NULL,
	`token` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_settings_user_unique` ON `reminder_settings` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_settings_token_unique` ON `reminder_settings` (`token`);--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `headers` text;