CREATE TABLE `daily_goals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`goal_kind` text,
	`goal_amount` integer,
	`day_streak` integer DEFAULT 0 NOT NULL,
	`best_day_streak` integer DEFAULT 0 NOT NULL,
	`streak_day` text,
	`freezes` integer DEFAULT 0 NOT NULL,
	`freeze_points` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `daily_goals_user_unique` ON `daily_goals` (`user_id`);--> statement-breakpoint
CREATE TABLE `goal_days` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`cards` integer DEFAULT 0 NOT NULL,
	`seconds` integer DEFAULT 0 NOT NULL,
	`met` integer DEFAULT false NOT NULL,
	`frozen` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `goal_days_user_day_unique` ON `goal_days` (`user_id`,`day`);