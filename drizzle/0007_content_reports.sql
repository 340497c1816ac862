CREATE TABLE `content_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`kind` text NOT NULL,
	`content_key` text NOT NULL,
	`shown` text NOT NULL,
	`reason` text NOT NULL,
	`suggestion` text,
	`note` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`resolved_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `content_reports_open_idx` ON `content_reports` (`resolved_at`,`content_key`);--> statement-breakpoint
CREATE INDEX `content_reports_user_idx` ON `content_reports` (`user_id`,`created_at`);