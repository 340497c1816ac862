CREATE TABLE `answer_keys` (
	`user_id` integer NOT NULL,
	`key` text NOT NULL,
	`result` text NOT NULL,
	`applied_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `answer_keys_applied_idx` ON `answer_keys` (`applied_at`);