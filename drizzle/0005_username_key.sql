DROP INDEX `users_username_unique`;--> statement-breakpoint
ALTER TABLE `users` ADD `username_key` text NOT NULL DEFAULT '';--> statement-breakpoint
-- Existing accounts are keyed with SQLite's lower() (ASCII); the app writes the full Unicode fold from now on.
UPDATE `users` SET `username_key` = lower(`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_key_unique` ON `users` (`username_key`);
