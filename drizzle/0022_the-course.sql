CREATE TABLE `course_grammar_read` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`page_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `course_grammar_read_user_page_unique` ON `course_grammar_read` (`user_id`,`page_key`);--> statement-breakpoint
CREATE TABLE `course_placements` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`unit_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `course_units` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`title` text NOT NULL,
	`order_index` integer NOT NULL,
	`expects` text NOT NULL,
	`steps` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `course_units_key_unique` ON `course_units` (`key`);