CREATE TABLE `weekly_points` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`week_start` integer NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `weekly_points_user_week_unique` ON `weekly_points` (`user_id`,`week_start`);--> statement-breakpoint
CREATE INDEX `weekly_points_week_points_idx` ON `weekly_points` (`week_start`,`points`);--> statement-breakpoint
-- Weeks start Monday 00:00 UTC; 1970-01-01 was a Thursday, so day d's week starts on day d - (d + 3) % 7.
INSERT INTO `weekly_points` (`user_id`, `week_start`, `points`)
SELECT `user_id`, ((`created_at` / 86400000) - ((`created_at` / 86400000) + 3) % 7) * 86400000 AS `week`, SUM(`points`)
FROM `points_ledger` GROUP BY `user_id`, `week`;
